import { db, type Db } from './service.js';

export interface TemporaryPasswordRecord {
  account: string;
  salt: string;
  passwordHash: string;
  expiresAt: number;
}

/** The user's temporary password hash (PutItem): replaces the one issued before. */
export async function putTemporaryPassword(r: TemporaryPasswordRecord, service: Db = db()): Promise<void> {
  await service.entities.TemporaryPassword.put(r).go({ response: 'none' });
}

/** Forgets the account's temporary password (DeleteItem): its user was deleted again. */
export async function deleteTemporaryPassword(account: string, service: Db = db()): Promise<void> {
  await service.entities.TemporaryPassword.delete({ account }).go({ response: 'none' });
}

/** The account's temporary password hash (GetItem), or null; one past its expiry counts as none. */
export async function findTemporaryPassword(
  account: string,
  nowSeconds: number,
  service: Db = db(),
): Promise<TemporaryPasswordRecord | null> {
  const { data } = await service.entities.TemporaryPassword.get({ account }).go();
  if (!data || data.expiresAt <= nowSeconds) return null;
  return data;
}
