import type { Principal } from '../shared/auth/session.js';
import { clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { db, type Db } from './service.js';

/** Secrets never enter the trail (passwords, tokens), whatever a route hands over. */
const SECRET_KEY = /password|token|secret|cookie|session/i;

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_KEY.test(k)).map(([k, v]) => [k, redact(v)]));
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

/** Appends one event (a create: an existing event can never be overwritten). */
export async function recordAudit(r: AuditRecord, service: Db = db()): Promise<void> {
  await service.entities.AuditEvent.create({
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
  }).go({ response: 'none' });
}

/** A company's trail, newest first, one page of at most `limit` events per Query. */
export async function auditPage(companyId: string, limit: number, cursor: string | null, service: Db = db()) {
  const { data, cursor: next } = await service.entities.AuditEvent.query.byCompany({ companyId }).go({ order: 'desc', limit, cursor });
  return { events: data, cursor: next };
}
