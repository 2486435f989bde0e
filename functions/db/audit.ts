import { AsyncLocalStorage } from 'node:async_hooks';
import type { Principal } from '../shared/auth/session.js';
import { clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { db, type Db } from './service.js';

/** Secrets never enter the trail (passwords, tokens), whatever a route hands over. */
const SECRET_KEY = /password|token|secret|cookie|session/i;

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

export interface AuditRecord {
  companyId: string;
  action: string;
  actor: Principal;
  targetId?: string | undefined;
  before?: unknown;
  after?: unknown;
}

/** The AuditEvent item of a record: its id is fixed here, so writing the same item twice fails the second time. */
export function auditItem(r: AuditRecord) {
  return {
    companyId: r.companyId,
    eventId: newId(),
    at: clock.now().toISOString(),
    action: r.action,
    actorRole: r.actor.role,
    actorId: r.actor.userId ?? r.actor.sub,
    actorName: r.actor.userName,
    ...(r.targetId ? { targetId: r.targetId } : {}),
    ...(r.before !== undefined ? { before: redact(r.before) } : {}),
    ...(r.after !== undefined ? { after: redact(r.after) } : {}),
  };
}
export type AuditItem = ReturnType<typeof auditItem>;

/** Appends one event (a create: an existing event can never be overwritten). */
export async function recordAudit(r: AuditRecord, service: Db = db()): Promise<void> {
  await writeAuditItem(auditItem(r), service);
}

export async function writeAuditItem(item: AuditItem, service: Db = db()): Promise<void> {
  await service.entities.AuditEvent.create(item).go({ response: 'none' });
}

/** A company's trail, newest first, one page of at most `limit` events per Query. */
export async function auditPage(companyId: string, limit: number, cursor: string | null, service: Db = db()) {
  const { data, cursor: next } = await service.entities.AuditEvent.query
    .byCompany({ companyId })
    .go({ order: 'desc', limit, cursor });
  return { events: data, cursor: next };
}

/**
 * The audit event a running request owes (routes with `audit` in their spec). The middleware opens it
 * before the route runs; a repository whose change is one transaction puts the event into that same
 * transaction (auditInTransaction, then auditCommitted), so the change and its event commit together
 * or not at all. Otherwise the middleware writes it after the route, together with the completion of
 * the idempotency record (functions/shared/idempotency.ts), so a retry replays instead of re-running.
 */
export interface AuditSink {
  action: string;
  actor: Principal;
  /** The validated request, the event's default `after` (with the answer, when written afterwards). */
  request: unknown;
  targetId?: string | undefined;
  state: 'open' | 'included' | 'written';
}

const sinks = new AsyncLocalStorage<AuditSink | undefined>();

/** Runs a route function with its audit sink (request-scoped: the local gateway runs requests concurrently). */
export function withAuditSink<T>(sink: AuditSink | undefined, fn: () => T): T {
  return sinks.run(sink, fn);
}

export interface AuditGiven {
  companyId?: string | undefined;
  targetId?: string | undefined;
  before?: unknown;
  after?: unknown;
  /** With no `after`: the event's after is `{ request, result }`, the request being the validated input. */
  result?: unknown;
}

type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

/**
 * For repositories: the running request's audit event as an item of the change's own transaction
 * (none outside an audited request: jobs, tests). Call auditCommitted() once the transaction succeeded.
 */
export function auditInTransaction(
  AuditEvent: TransactionEntities['AuditEvent'],
  given: AuditGiven & { companyId: string },
) {
  const sink = sinks.getStore();
  if (!sink || sink.state !== 'open') return [];
  sink.state = 'included';
  const item = auditItem({
    companyId: given.companyId,
    action: sink.action,
    actor: sink.actor,
    targetId: given.targetId ?? sink.targetId,
    before: given.before,
    after: given.after ?? { request: sink.request, result: given.result ?? null },
  });
  return [AuditEvent.create(item).commit()];
}

/** The transaction holding the audit event was canceled and will be tried again: it may include the event again. */
export function auditNotCommitted(): void {
  const sink = sinks.getStore();
  if (sink?.state === 'included') sink.state = 'open';
}

/** The transaction holding the audit event committed: the middleware must not write another. */
export function auditCommitted(): void {
  const sink = sinks.getStore();
  if (sink?.state === 'included') sink.state = 'written';
}
