/**
 * The mail outbox's access patterns (entities/mail-outbox.ts; the rules in domain/mail-outbox.ts). Every
 * change of state is one conditional UpdateItem, so of two senders only one holds a mail, and only
 * the holder records how its send went.
 */
import {
  DUE_SHARDS,
  OUTBOX_KEEP_DAYS,
  QUEUED_GRACE_SECONDS,
  SEND_LEASE_SECONDS,
  dueShardOf,
  type MailError,
  type MailState,
} from '../domain/mail-outbox.js';
import { ConflictError, NotFoundError, awsErrorName } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { db, type Db, type Entities } from './service.js';

/** A mail about to be stored: rendered, its body already sealed (shared/signing.ts sealText). */
export interface OutboxMail {
  /** The company it belongs to; null for a platform mail (password-reset codes). */
  companyId: string | null;
  mailId: string;
  kind: string;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** Which stored mail: a company's, or the platform's (companyId null). */
export interface MailRef {
  companyId: string | null;
  mailId: string;
}

type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
/** A stored mail as the services and views see it, company or platform (the entity's attributes). */
export interface StoredMail extends MailRef {
  kind: string;
  to: string;
  subject: string;
  /** Sealed; absent once sent. */
  body?: string | undefined;
  state: MailState;
  attempts: number;
  dueAt?: string | undefined;
  owner?: string | undefined;
  lastError?: MailError | undefined;
  lastErrorDetail?: string | undefined;
  createdAt: string;
  lastAttemptAt?: string | undefined;
  sentAt?: string | undefined;
  updatedAt: string;
}
type Stored = Omit<StoredMail, 'companyId'>;

const iso = (ms: number) => new Date(ms).toISOString();
const keepUntil = (now: Date) => Math.floor(now.getTime() / 1000) + OUTBOX_KEEP_DAYS * 24 * 3600;

/** The item a mail is stored as: queued, due when the grace of the request that stored it ends. */
function queuedItem(mail: OutboxMail) {
  const created = new Date(mail.createdAt);
  return {
    mailId: mail.mailId,
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    body: mail.body,
    state: 'queued' as const,
    attempts: 0,
    dueShard: mail.companyId ? dueShardOf(mail.mailId) : '0',
    dueAt: iso(created.getTime() + QUEUED_GRACE_SECONDS * 1000),
    createdAt: mail.createdAt,
    updatedAt: mail.createdAt,
    expiresAt: keepUntil(created),
  };
}

/**
 * For a repository's transaction: the company mails its change causes, stored in the same
 * transaction, so the change and its mails commit together or not at all (a request filing and the
 * admins' mail, a daily notice's claim). Platform mails are never part of a company's change.
 */
export function outboxInTransaction(
  { MailOutbox }: Pick<TransactionEntities, 'MailOutbox'>,
  mails: readonly OutboxMail[],
) {
  return mails.map((m) => MailOutbox.create({ companyId: companyOf(m), ...queuedItem(m) }).commit());
}

const companyOf = (m: OutboxMail) => {
  if (!m.companyId) throw new Error('a platform mail in a company transaction');
  return m.companyId;
};

/**
 * Stores a company's mails on their own (after a change that could not hold them: a Cognito call
 * first, a bulk import's row): one create each (a transaction for several, all or none).
 */
export async function storeMails(mails: readonly OutboxMail[], service: Db = db()): Promise<void> {
  if (mails.length === 1) {
    const m = mails[0]!;
    await service.entities.MailOutbox.create({ companyId: companyOf(m), ...queuedItem(m) }).go({ response: 'none' });
    return;
  }
  // A transaction holds up to 100 items.
  for (let i = 0; i < mails.length; i += 100) {
    const chunk = mails.slice(i, i + 100);
    const result = await service.transaction.write((entities) => outboxInTransaction(entities, chunk)).go();
    if (result.canceled) throw new ConflictError();
  }
}

/**
 * Stores platform mails (the password-reset code: one mail), under `mailout#platform`, the prefix the
 * public reset route may write (config/table.ts SESSION_KEY_PREFIXES).
 */
export async function storePlatformMails(mails: readonly OutboxMail[], service: Db = db()): Promise<void> {
  for (const m of mails) {
    if (m.companyId) throw new Error('a company mail stored as a platform mail');
    await service.entities.PlatformMail.create(queuedItem(m)).go({ response: 'none' });
  }
}

/**
 * Both entities have the same attributes and differ only in their partition: one handle for a ref.
 * (ElectroDB types each entity's key apart; the cast is to the company entity's shape, and the
 * platform key simply has no companyId.)
 */
function handle(ref: MailRef, service: Db) {
  const entity = (
    ref.companyId ? service.entities.MailOutbox : service.entities.PlatformMail
  ) as Entities['MailOutbox'];
  const key = (ref.companyId ? { companyId: ref.companyId, mailId: ref.mailId } : { mailId: ref.mailId }) as {
    companyId: string;
    mailId: string;
  };
  return { entity: entity as Entities['MailOutbox'], key };
}

const asStored = (ref: MailRef, data: Stored): StoredMail => ({
  mailId: data.mailId,
  companyId: ref.companyId,
  kind: data.kind,
  to: data.to,
  subject: data.subject,
  body: data.body,
  state: data.state,
  attempts: data.attempts,
  dueAt: data.dueAt,
  owner: data.owner,
  lastError: data.lastError,
  lastErrorDetail: data.lastErrorDetail,
  createdAt: data.createdAt,
  lastAttemptAt: data.lastAttemptAt,
  sentAt: data.sentAt,
  updatedAt: data.updatedAt,
});

const failedCondition = (error: unknown) => awsErrorName(error) === 'ConditionalCheckFailedException';

/** One stored mail (GetItem), or null. */
export async function findMail(ref: MailRef, service: Db = db()): Promise<StoredMail | null> {
  const { entity, key } = handle(ref, service);
  const { data } = await entity.get(key).go();
  return data ? asStored(ref, data) : null;
}

/**
 * Claims a mail for one send (conditional UpdateItem): `queued` only (the request that stored it, or
 * an admin's 再送), or `due` (the scheduled run: queued or retrying, and due by `now`). The claim counts
 * the try and holds the mail for SEND_LEASE_SECONDS under `owner`. Null when another sender has it or
 * it is no longer due.
 */
export async function claimMail(
  ref: MailRef,
  owner: string,
  now: Date,
  from: 'queued' | 'due',
  service: Db = db(),
): Promise<StoredMail | null> {
  const { entity, key } = handle(ref, service);
  const at = now.toISOString();
  try {
    const { data } = await entity
      .patch(key)
      .set({
        state: 'sending',
        owner,
        dueShard: ref.companyId ? dueShardOf(ref.mailId) : '0',
        dueAt: iso(now.getTime() + SEND_LEASE_SECONDS * 1000),
        lastAttemptAt: at,
        updatedAt: at,
        expiresAt: keepUntil(now),
      })
      .add({ attempts: 1 })
      .where((a, { eq, lte }) =>
        from === 'queued'
          ? eq(a.state, 'queued')
          : `(${eq(a.state, 'queued')} OR ${eq(a.state, 'retrying')}) AND ${lte(a.dueAt, at)}`,
      )
      .go({ response: 'all_new' });
    return asStored(ref, data as Stored);
  } catch (error) {
    if (failedCondition(error)) return null;
    throw error;
  }
}

/**
 * The holder's send went: `sent`, the body dropped (it may hold a password), out of the due index.
 * Also over `unknown`, which the scheduled run sets when a lease ran out: the holder knows better.
 * False when the mail is no longer this holder's.
 */
export async function markSent(ref: MailRef, owner: string, now: Date, service: Db = db()): Promise<boolean> {
  const { entity, key } = handle(ref, service);
  const at = now.toISOString();
  try {
    await entity
      .patch(key)
      .set({ state: 'sent', sentAt: at, updatedAt: at, expiresAt: keepUntil(now) })
      .remove(['body', 'owner', 'dueAt', 'dueShard', 'lastError', 'lastErrorDetail'])
      .where((a, { eq }) => `${eq(a.owner, owner)} AND (${eq(a.state, 'sending')} OR ${eq(a.state, 'unknown')})`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

/**
 * The holder's send did not go: `retrying`, due again at `retryAt`, or `failed` (retryAt null: refused
 * for good, or out of tries). The error is recorded as a code and the server's short code.
 */
export async function markNotSent(
  ref: MailRef,
  owner: string,
  now: Date,
  failure: { error: MailError; detail: string | null },
  retryAt: Date | null,
  service: Db = db(),
): Promise<boolean> {
  const { entity, key } = handle(ref, service);
  const at = now.toISOString();
  const common = {
    lastError: failure.error,
    ...(failure.detail ? { lastErrorDetail: failure.detail } : {}),
    updatedAt: at,
    expiresAt: keepUntil(now),
  };
  const cleared = failure.detail ? [] : (['lastErrorDetail'] as const);
  const update = retryAt
    ? entity
        .patch(key)
        .set({
          ...common,
          state: 'retrying',
          dueShard: ref.companyId ? dueShardOf(ref.mailId) : '0',
          dueAt: retryAt.toISOString(),
        })
        .remove(['owner', ...cleared])
    : entity
        .patch(key)
        .set({ ...common, state: 'failed' })
        .remove(['owner', 'dueAt', 'dueShard', ...cleared]);
  try {
    await update.where((a, { eq }) => `${eq(a.owner, owner)} AND ${eq(a.state, 'sending')}`).go({ response: 'none' });
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

/**
 * A claim whose lease ran out without an outcome (the sender died between sending and recording):
 * `unknown`, out of the due index, never sent again by the outbox itself (at most once). The owner
 * stays, so a sender that was only slow can still record `sent`.
 */
export async function markUnknown(ref: MailRef, now: Date, service: Db = db()): Promise<boolean> {
  const { entity, key } = handle(ref, service);
  const at = now.toISOString();
  try {
    await entity
      .patch(key)
      .set({
        state: 'unknown',
        lastError: 'unknown_outcome',
        updatedAt: at,
        expiresAt: keepUntil(now),
      })
      .remove(['dueAt', 'dueShard', 'lastErrorDetail'])
      .where((a, { eq, lte }) => `${eq(a.state, 'sending')} AND ${lte(a.dueAt, at)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

/**
 * An admin's 再送 of a failed (or unknown) mail: queued again with its tries counted from zero, due
 * after the grace like a new one. 404 for no such mail, 409 when it is not failed (sent, or still
 * being tried).
 */
export async function requeueMail(ref: MailRef, now: Date, service: Db = db()): Promise<void> {
  const { entity, key } = handle(ref, service);
  const at = now.toISOString();
  try {
    await entity
      .patch(key)
      .set({
        state: 'queued',
        attempts: 0,
        dueShard: ref.companyId ? dueShardOf(ref.mailId) : '0',
        dueAt: iso(now.getTime() + QUEUED_GRACE_SECONDS * 1000),
        updatedAt: at,
        expiresAt: keepUntil(now),
      })
      .remove(['owner'])
      .where((a, { eq, exists }) => `(${eq(a.state, 'failed')} OR ${eq(a.state, 'unknown')}) AND ${exists(a.body)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (!failedCondition(error)) throw error;
    if (!(await findMail(ref, service))) throw new NotFoundError();
    throw new ConflictError(MESSAGES.mailNotResendable);
  }
}

/**
 * Mails the scheduled run must act on by `now`, oldest due first: one Query page (≤ `limit`) per
 * partition of the due index (DUE_SHARDS for companies, one for the platform), whatever the staff or
 * company count. Queued and retrying mails are to be sent; `sending` ones are claims whose lease ran out.
 */
export async function dueMails(now: Date, limit: number, service: Db = db()): Promise<StoredMail[]> {
  const at = now.toISOString();
  const pages = await Promise.all([
    ...Array.from({ length: DUE_SHARDS }, (_, shard) =>
      service.entities.MailOutbox.query
        .byDue({ dueShard: String(shard) })
        .lte({ dueAt: at })
        .go({ limit })
        .then(({ data }) => data.map((d) => asStored({ companyId: d.companyId, mailId: d.mailId }, d))),
    ),
    service.entities.PlatformMail.query
      .byDue({ dueShard: '0' })
      .lte({ dueAt: at })
      .go({ limit })
      .then(({ data }) => data.map((d) => asStored({ companyId: null, mailId: d.mailId }, d))),
  ]);
  return pages.flat();
}

/** A company's mails, newest first, one Query page of at most `limit`. */
export async function companyMailPage(companyId: string, limit: number, cursor: string | null, service: Db = db()) {
  const { data, cursor: next } = await service.entities.MailOutbox.query
    .byId({ companyId })
    .go({ order: 'desc', limit, cursor });
  return { mails: data.map((d) => asStored({ companyId, mailId: d.mailId }, d)), cursor: next };
}

/** The platform's mails (password-reset codes), newest first, one Query page of at most `limit`. */
export async function platformMailPage(limit: number, cursor: string | null, service: Db = db()) {
  const { data, cursor: next } = await service.entities.PlatformMail.query
    .byId({})
    .go({ order: 'desc', limit, cursor });
  return { mails: data.map((d) => asStored({ companyId: null, mailId: d.mailId }, d)), cursor: next };
}
