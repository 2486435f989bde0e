import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { db } from '../db/service.js';
import type { Principal } from './auth/session.js';
import { clock } from './clock.js';
import { ConflictError, ValidationError, awsErrorName } from './errors.js';

/**
 * Retry safety for state-changing calls. A client sends `Idempotency-Key` (one per user intent, reused
 * on retry); the first answer is stored under a key scoped to tenant and user, so a retry gets that
 * answer back and another user's identical key never sees it. The writes themselves stay conditional,
 * so even two concurrent first attempts cannot both apply.
 */
export const IdempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/));
export const IDEMPOTENCY_SECONDS = 24 * 60 * 60;

export interface StoredAnswer {
  status: number;
  body: unknown;
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
  createHash('sha256').update(JSON.stringify([route, body, params])).digest('base64url');

export async function storedAnswer(scope: string, key: string, route: string, body: unknown, params: unknown): Promise<StoredAnswer | null> {
  const { data } = await db().entities.Idempotency.get({ scope, key }).go();
  if (!data || data.expiresAt <= Math.floor(clock.now().getTime() / 1000)) return null;
  const stored = JSON.parse(data.response) as StoredAnswer & { fp?: string };
  // The same key for a different request is a client bug: refuse rather than replay the wrong answer.
  if (data.route !== route || stored.fp !== fingerprint(route, body, params)) throw new ConflictError();
  return { status: stored.status, body: stored.body };
}

export async function storeAnswer(scope: string, key: string, route: string, body: unknown, params: unknown, answer: StoredAnswer): Promise<void> {
  const response = JSON.stringify({ ...answer, fp: fingerprint(route, body, params) });
  const expiresAt = Math.floor(clock.now().getTime() / 1000) + IDEMPOTENCY_SECONDS;
  await db()
    .entities.Idempotency.create({ scope, key, route, response, expiresAt })
    .go({ response: 'none' })
    .catch((error: unknown) => {
      // A concurrent attempt stored its answer first; ours was computed by a conditional write anyway.
      if (awsErrorName(error) !== 'ConditionalCheckFailedException') throw error;
    });
}
