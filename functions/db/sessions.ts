import { db, type Db } from './service.js';

/**
 * Ends every session of a user (sign-out everywhere): used when a user is disabled, retired, their
 * company closed, or their password changed. One Query on gsi2 plus one batch delete.
 */
export async function endSessions(sub: string, service: Db = db()): Promise<number> {
  const { data } = await service.entities.Session.query.byUser({ sub }).go({ pages: 'all', attributes: ['sessionId'] });
  if (data.length) await service.entities.Session.delete(data.map((s) => ({ sessionId: s.sessionId }))).go();
  return data.length;
}
