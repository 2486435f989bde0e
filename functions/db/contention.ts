import { setTimeout as sleep } from 'node:timers/promises';
import { awsErrorName } from '../shared/errors.js';

/**
 * Optimistic writes that lose a race (another request moved the version they read, or DynamoDB
 * cancelled the transaction with TransactionConflict) read again and retry. Full-jitter backoff spreads
 * a burst of racers so each round lets another one through; the cap keeps the worst case to a few
 * seconds, well inside the function timeout.
 */
export const CONTENTION = { attempts: 25, baseMs: 15, capMs: 400 } as const;

export function contentionDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(CONTENTION.capMs, CONTENTION.baseMs * 2 ** attempt));
}

export async function backOff(attempt: number): Promise<void> {
  await sleep(contentionDelay(attempt));
}

/** DynamoDB cancelled a transaction because another one touched the same items at the same time. */
function isTransactionConflict(error: unknown): boolean {
  if (awsErrorName(error) !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  const message = (error as { message?: string }).message ?? '';
  return reasons.some((r) => r.Code === 'TransactionConflict') || /TransactionConflict/.test(message);
}

/**
 * For `.catch` on a transaction's `go()`: null when it lost a race (thrown as a conflict rather than
 * reported as a cancellation), so the caller's loop reads again and retries; any other error rethrown.
 */
export const conflictOrNull = (error: unknown): null => {
  if (isTransactionConflict(error)) return null;
  throw error;
};
