import { awsErrorName } from '../shared/errors.js';
import { db, type Db } from './service.js';

/**
 * 締め処理's background checklists, one item per company and payroll period
 * (entities/closing-checklist-digest.ts), with the claim-and-store bookkeeping of 勤怠状況's digests
 * (work-status-digests.ts: the same conditions, read there for the why).
 */

/** The checklist digest of one period (GetItem), or null before the first claim. */
export async function findClosingChecklistDigest(companyId: string, period: string, service: Db = db()) {
  const { data } = await service.entities.ClosingChecklistDigest.get({ companyId, period }).go();
  return data;
}

const conditionFailed = (error: unknown) => awsErrorName(error) === 'ConditionalCheckFailedException';

/**
 * Claims a build (one UpdateItem): the new generation, or null when `seen` (the `requested` the caller
 * read; null = none yet) no longer holds because another reader claimed first. Without `seen` the
 * claim always holds (再集計, the worker's own rebuilds).
 */
export async function claimClosingChecklistBuild(
  companyId: string,
  period: string,
  claimedAt: string,
  seen?: number | null,
  service: Db = db(),
): Promise<number | null> {
  const update = service.entities.ClosingChecklistDigest.update({ companyId, period })
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

/** Stores the checklist of build `generation` (one UpdateItem) unless a newer build stored its own. */
export async function saveClosingChecklist(
  companyId: string,
  period: string,
  generation: number,
  asOf: string,
  checklist: unknown,
  service: Db = db(),
): Promise<boolean> {
  try {
    await service.entities.ClosingChecklistDigest.update({ companyId, period })
      .set({ built: generation, asOf, checklist })
      .where((a, { notExists, lt }) => `${notExists(a.built)} OR ${lt(a.built, generation)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
