import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod/mini';
import type { AuditItem } from '../db/audit.js';
import { db } from '../db/service.js';
import type { Principal } from './auth/session.js';
import { clock } from './clock.js';
import { ConflictError, ValidationError, awsErrorName } from './errors.js';
import { logger } from './logger.js';
import { MESSAGES } from './messages.js';

/**
 * Retry safety for state-changing calls, and with it the audit trail's (one mechanism). A client sends
 * `Idempotency-Key` (one per user intent, reused on retry). Before the route runs, a conditional put
 * claims the key under a tenant-and-user scope ("running", with a lease): a concurrent duplicate finds
 * the claim, waits briefly for the answer and otherwise gets 409, so the route runs once. The first
 * answer completes the record ("done"), in one transaction with the route's audit event when the route
 * did not put that event into its own transaction; a retry replays the answer. A failed run releases
 * the claim, so a retry runs anew. If completing fails after the change committed, the answer is
 * stored alone with the audit event marked pending: a retry writes the event and replays, never re-runs.
 */
const IdempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/));
export const IDEMPOTENCY_SECONDS = 24 * 60 * 60;
/** How long a claim holds off duplicates: longer than any route's Lambda timeout (10–30 s). */
const LEASE_SECONDS = 60;
/** How long a duplicate waits for the first attempt's answer before answering 409. */
const WAIT_MS = 1500;
const POLL_MS = 150;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** A key this invocation holds: complete() or release() it. */
export interface Claim {
  scope: string;
  key: string;
  owner: string;
}

export const idempotencyScope = (p: Principal) => `c#${p.companyId ?? 'platform'}#u#${p.userId ?? p.sub}`;

/** The header's key, validated; undefined when the client sent none. */
export function idempotencyKey(headers: Record<string, string | undefined> | undefined): string | undefined {
  const raw = headers?.['idempotency-key'];
  if (raw === undefined) return undefined;
  if (!IdempotencyKeySchema.safeParse(raw).success) throw new ValidationError();
  return raw;
}

const fingerprint = (route: string, body: unknown, params: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([route, body, params]))
    .digest('base64url');

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

/**
 * Claims the key for this run, or answers from an earlier one: the stored answer (after writing a
 * pending audit event), a wait for a running duplicate, or 409 when it is still running after the wait.
 */
export async function claimKey(
  scope: string,
  key: string,
  route: string,
  body: unknown,
  params: unknown,
  owner: string,
): Promise<StoredAnswer | Claim> {
  const { Idempotency } = db().entities;
  const fp = fingerprint(route, body, params);
  const fresh = () => ({
    scope,
    key,
    route,
    fp,
    owner,
    state: 'running' as const,
    response: '',
    leaseUntil: nowSeconds() + LEASE_SECONDS,
    expiresAt: nowSeconds() + IDEMPOTENCY_SECONDS,
  });
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await Idempotency.create(fresh()).go({ response: 'none' });
      return { scope, key, owner };
    } catch (error) {
      if (awsErrorName(error) !== 'ConditionalCheckFailedException') throw error;
    }
    const { data } = await Idempotency.get({ scope, key }).go({ consistent: true });
    if (!data) continue; // released or expired between the put and the get: claim again
    if (data.expiresAt > nowSeconds()) {
      // The same key for a different request is a client bug: refuse rather than replay the wrong answer.
      if (data.route !== route || (data.fp ?? (JSON.parse(data.response || '{}') as { fp?: string }).fp) !== fp)
        throw new ConflictError();
      if (data.state !== 'running') {
        if (data.pendingAudit) await settlePendingAudit(scope, key, data.pendingAudit);
        const stored = JSON.parse(data.response) as StoredAnswer;
        return { status: stored.status, body: stored.body };
      }
      if ((data.leaseUntil ?? 0) > nowSeconds()) {
        if (Date.now() >= waitUntil) throw new ConflictError(MESSAGES.requestInProgress);
        await sleep(POLL_MS);
        continue;
      }
    }
    // Expired, or a claim whose run died (timeout, crash) before answering: take it over, if still so.
    try {
      await Idempotency.put(fresh())
        .where((a, { eq }) =>
          data.state === 'running' && data.expiresAt > nowSeconds()
            ? eq(a.owner, data.owner ?? '')
            : eq(a.expiresAt, data.expiresAt),
        )
        .go({ response: 'none' });
      logger.warn('idempotency claim taken over', { previous: data.state ?? 'done' });
      return { scope, key, owner };
    } catch (error) {
      if (awsErrorName(error) !== 'ConditionalCheckFailedException') throw error;
    }
  }
}

/** Writes the audit event a completed answer still owes, once (the event and the mark go together). */
async function settlePendingAudit(scope: string, key: string, pending: string): Promise<void> {
  const item = JSON.parse(pending) as AuditItem;
  const result = await db()
    .transaction.write(({ Idempotency, AuditEvent }) => [
      Idempotency.patch({ scope, key })
        .remove(['pendingAudit'])
        .where((a, { exists }) => exists(a.pendingAudit))
        .commit(),
      AuditEvent.create(item).commit(),
    ])
    .go();
  // Canceled: another retry wrote it first, or the event exists already (its id is fixed, so it is
  // stored once either way): only the mark is left to clear.
  if (result.canceled)
    await db().entities.Idempotency.patch({ scope, key }).remove(['pendingAudit']).go({ response: 'none' });
}

/**
 * Stores the answer of a successful run, with the audit event the route still owes in the same
 * transaction. If that fails, the answer alone is stored with the event pending, then the error
 * propagates (500): the change has committed, so a retry must replay, not run again.
 */
export async function completeKey(claim: Claim, answer: StoredAnswer, audit?: AuditItem): Promise<void> {
  const response = JSON.stringify(answer);
  const { scope, key, owner } = claim;
  try {
    const result = await db()
      .transaction.write(({ Idempotency, AuditEvent }) => [
        Idempotency.patch({ scope, key })
          .set({ state: 'done', response })
          .remove(['owner', 'leaseUntil'])
          .where((a, { eq }) => eq(a.owner, owner))
          .commit(),
        ...(audit ? [AuditEvent.create(audit).commit()] : []),
      ])
      .go();
    if (!result.canceled) return;
    // Our claim was taken over (the run outlived its lease): record the event on its own.
    logger.warn('idempotency claim lost before completion');
    if (audit) await db().entities.AuditEvent.create(audit).go({ response: 'none' });
  } catch (error) {
    await db()
      .entities.Idempotency.patch({ scope, key })
      .set({ state: 'done', response, ...(audit ? { pendingAudit: JSON.stringify(audit) } : {}) })
      .remove(['owner', 'leaseUntil'])
      .where((a, { eq }) => eq(a.owner, owner))
      .go({ response: 'none' })
      .catch((fallback: unknown) => logger.error('idempotency answer not stored', { error: fallback as Error }));
    throw error;
  }
}

/** The run failed before changing anything: free the key so a retry runs anew. */
export async function releaseKey(claim: Claim): Promise<void> {
  await db()
    .entities.Idempotency.delete({ scope: claim.scope, key: claim.key })
    .where((a, { eq }) => eq(a.owner, claim.owner))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (awsErrorName(error) !== 'ConditionalCheckFailedException')
        logger.error('idempotency claim not released', { error: error as Error });
    });
}
