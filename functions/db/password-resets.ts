import { awsErrorName } from '../shared/errors.js';
import { db, type Db } from './service.js';

export interface ResetCodeRecord {
  account: string;
  audience: 'employee' | 'admin';
  username: string;
  /** Every account the code resets (absent on codes stored before it: `username` alone). */
  usernames?: string[] | undefined;
  codeHash: string;
  attempts: number;
  expiresAt: number;
}

/** A new code for the account (PutItem): replaces the previous one, attempts start again at 0. */
export async function putResetCode(r: Omit<ResetCodeRecord, 'attempts'>, service: Db = db()): Promise<void> {
  await service.entities.PasswordReset.put({ ...r, attempts: 0 }).go({ response: 'none' });
}

/** The account's pending code (GetItem), or null; an item past its expiry counts as none. */
export async function findResetCode(
  account: string,
  nowSeconds: number,
  service: Db = db(),
): Promise<ResetCodeRecord | null> {
  const { data } = await service.entities.PasswordReset.get({ account }).go();
  if (!data || data.expiresAt <= nowSeconds) return null;
  return data;
}

/**
 * Counts one wrong code (UpdateItem on the code that was read, so a code replaced meanwhile is not
 * charged and concurrent guesses are all counted). Returns the attempts after this one, or null when
 * the code was replaced or removed in between.
 */
export async function countWrongCode(account: string, codeHash: string, service: Db = db()): Promise<number | null> {
  try {
    const out = await service.entities.PasswordReset.patch({ account })
      .add({ attempts: 1 })
      .where((a, { eq }) => eq(a.codeHash, codeHash))
      .go({ response: 'all_new' });
    return out.data.attempts ?? null;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/**
 * Uses the code up (DeleteItem on the code that was checked, while it is still below the limit):
 * true once, false to a concurrent use or after a write-off raced it.
 */
export async function takeResetCode(
  account: string,
  codeHash: string,
  maxAttempts: number,
  service: Db = db(),
): Promise<boolean> {
  try {
    await service.entities.PasswordReset.delete({ account })
      .where((a, { eq, lt }) => `${eq(a.codeHash, codeHash)} AND ${lt(a.attempts, maxAttempts)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
