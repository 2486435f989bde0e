import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients/dynamodb.js';
import { env } from '../shared/env.js';
import { db, type Db } from './service.js';

type SessionItem = Parameters<Db['entities']['Session']['create']>[0];

/**
 * Ends every session of a user (sign-out everywhere): used when a user is disabled, retired, their
 * company closed, or their password changed. One Query on gsi2 plus one batch delete.
 */
export async function endSessions(sub: string, service: Db = db()): Promise<number> {
  const { data } = await service.entities.Session.query.byUser({ sub }).go({ pages: 'all', attributes: ['sessionId'] });
  if (data.length) await service.entities.Session.delete(data.map((s) => ({ sessionId: s.sessionId }))).go();
  return data.length;
}

/** One session by id (GetItem), or null. */
export async function findSession(sessionId: string, service: Db = db()) {
  const { data } = await service.entities.Session.get({ sessionId }).go();
  return data;
}

/**
 * One session by id and whether its user's company was closed, in ONE BatchGetItem (issue 30 item 4):
 * a closed company's sessions are refused on their next request, before the background close reaches
 * each user, at no extra request per call (the company's closure mark, db/entities/company-closure.ts).
 */
export async function findSessionAndClosure(sessionId: string, companyId: string, service: Db = db()) {
  const { Session, CompanyClosure } = service.entities;
  const sessionKey = Session.get({ sessionId }).params<{ Key: Record<string, string> }>().Key;
  const companyKey = CompanyClosure.get({ companyId }).params<{ Key: Record<string, string> }>().Key;
  const table = env().TABLE_NAME;
  const out = await dynamo().send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: [sessionKey, companyKey] } } }),
  );
  if (Object.keys(out.UnprocessedKeys ?? {}).length) throw new Error('session read left unprocessed');
  const items = (out.Responses?.[table] ?? []) as Record<string, unknown>[];
  const parse = <T>(entity: { parse: (r: { Items: unknown[] }, o: object) => { data: T[] } | null }) =>
    entity.parse({ Items: items }, { ignoreOwnership: false })?.data[0] ?? null;
  return {
    session: parse<NonNullable<Awaited<ReturnType<typeof findSession>>>>(Session as never),
    closed: parse<{ companyId: string; closedAt: string }>(CompanyClosure as never) !== null,
  };
}

/** A new server session (PutItem). */
export async function createSession(item: SessionItem, service: Db = db()): Promise<void> {
  await service.entities.Session.create(item).go();
}

/** Ends one session (DeleteItem): sign-out. */
export async function deleteSession(sessionId: string, service: Db = db()): Promise<void> {
  await service.entities.Session.delete({ sessionId }).go();
}

/** Keeps a renewed Cognito access token in an MFA-pending session (UpdateItem). */
export async function setSessionAccessToken(sessionId: string, accessToken: string, service: Db = db()): Promise<void> {
  await service.entities.Session.patch({ sessionId }).set({ accessToken }).go({ response: 'none' });
}

/** TOTP enrolled: the session is no longer restricted and drops its access token (UpdateItem). */
export async function markMfaEnrolled(sessionId: string, service: Db = db()): Promise<void> {
  await service.entities.Session.patch({ sessionId })
    .set({ mfaPending: false })
    .remove(['accessToken'])
    .go({ response: 'none' });
}

/** Ends every other session of a user (Query on gsi2 plus one batch delete), keeping `keepSessionId`. */
export async function endOtherSessions(sub: string, keepSessionId: string, service: Db = db()): Promise<void> {
  const { data } = await service.entities.Session.query.byUser({ sub }).go({ pages: 'all', attributes: ['sessionId'] });
  const stale = data.filter((s) => s.sessionId !== keepSessionId);
  if (stale.length) await service.entities.Session.delete(stale.map((s) => ({ sessionId: s.sessionId }))).go();
}
