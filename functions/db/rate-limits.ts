import { awsErrorName, TooManyRequestsError } from '../shared/errors.js';
import { db, type Db } from './service.js';

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `inquiry#<hashed address>`. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request in the current fixed window, or throws 429 when the window is full. One
 * conditional UpdateItem: concurrent Lambdas cannot both take the last slot, and nothing is kept in
 * memory. The item removes itself (TTL) once its window is over.
 */
export async function consumeRateLimit(rule: RateLimitRule, now: Date = new Date(), service: Db = db()): Promise<void> {
  const window = windowOf(rule, now);
  await service.entities.RateLimit.update({ bucket: rule.bucket, window })
    .add({ count: 1 })
    .set({ expiresAt: window + rule.windowSeconds * 2 })
    .where((a, { notExists, lt }) => `${notExists(a.count)} OR ${lt(a.count, rule.limit)}`)
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new TooManyRequestsError();
      throw error;
    });
}

/**
 * Refuses with 429 when the current window is already full, without counting: for limits that count
 * only failures, which the caller records afterwards with consumeRateLimit. One GetItem.
 */
export async function assertRateLimitOpen(
  rule: RateLimitRule,
  now: Date = new Date(),
  service: Db = db(),
): Promise<void> {
  const { data } = await service.entities.RateLimit.get({ bucket: rule.bucket, window: windowOf(rule, now) }).go();
  if ((data?.count ?? 0) >= rule.limit) throw new TooManyRequestsError();
}

function windowOf(rule: RateLimitRule, now: Date): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return nowSeconds - (nowSeconds % rule.windowSeconds);
}

/**
 * Marks a one-time value as used (e.g. a sign-in challenge once answered): true the first time,
 * false on every later call until the item expires. One conditional put, so concurrent answers
 * cannot both win.
 */
export async function useOnce(
  bucket: string,
  ttlSeconds: number,
  now: Date = new Date(),
  service: Db = db(),
): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await service.entities.RateLimit.create({ bucket, window: 0, count: 1, expiresAt: nowSeconds + ttlSeconds }).go({
      response: 'none',
    });
    return true;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
