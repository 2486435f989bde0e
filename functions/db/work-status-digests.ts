import { awsErrorName } from '../shared/errors.js';
import { db, type Db } from './service.js';

/** 勤怠状況's background figures, one item per company and payroll period (entities/work-status-digest.ts). */

/** The digest of one period (GetItem), or null before the first claim. */
export async function findWorkStatusDigest(companyId: string, month: string, service: Db = db()) {
  const { data } = await service.entities.WorkStatusDigest.get({ companyId, month }).go();
  return data;
}

const conditionFailed = (error: unknown) => awsErrorName(error) === 'ConditionalCheckFailedException';

/**
 * Claims a build: adds one to `requested` and returns the new generation (one UpdateItem, creating the
 * item on the first claim). With `seen` (the `requested` the caller read; null = none yet) the claim
 * holds only if nobody claimed since, so a crowd of readers who all saw the same old digest starts one
 * build: the others get null. Without it the claim always holds (再集計, the worker's own rebuilds).
 */
export async function claimWorkStatusBuild(
  companyId: string,
  month: string,
  claimedAt: string,
  seen?: number | null,
  service: Db = db(),
): Promise<number | null> {
  const update = service.entities.WorkStatusDigest.update({ companyId, month })
    .add({ requested: 1 })
    .set({ claimedAt });
  const conditional =
    seen === undefined
      ? update
      : update.where((a, { notExists, eq }) => (seen === null ? notExists(a.requested) : eq(a.requested, seen)));
  try {
    const { data } = await conditional.go({ response: 'updated_new' });
    return data.requested ?? null;
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

/**
 * Stores the figures of build `generation` (one UpdateItem) unless a newer build already stored its
 * own: two builds finishing out of order never put the older figures back. False when refused.
 */
export async function saveWorkStatusFigures(
  companyId: string,
  month: string,
  generation: number,
  asOf: string,
  figures: unknown,
  service: Db = db(),
): Promise<boolean> {
  try {
    await service.entities.WorkStatusDigest.update({ companyId, month })
      .set({ built: generation, asOf, figures })
      .where((a, { notExists, lt }) => `${notExists(a.built)} OR ${lt(a.built, generation)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Marks the period's figures out of date (one UpdateItem): a change no recompute job follows, such as
 * a grant run (the five-day list), makes the next reader start a build instead of waiting out the age.
 */
export async function markWorkStatusChanged(companyId: string, month: string, at: string, service: Db = db()) {
  await service.entities.WorkStatusDigest.update({ companyId, month }).set({ changedAt: at }).go({ response: 'none' });
}
