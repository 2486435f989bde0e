import { awsErrorName, TooManyRequestsError } from '../shared/errors.js';
import { clock } from '../shared/clock.js';
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
export async function consumeRateLimit(
  rule: RateLimitRule,
  now: Date = clock.now(),
  service: Db = db(),
): Promise<void> {
  const window = windowOf(rule, now);
  await service.entities.RateLimit.update({ bucket: rule.bucket, window })
    .add({ count: 1 })
    .set({ expiresAt: window + rule.windowSeconds * 2 })
    .where((a, { notExists, lt }) => `${notExists(a.count)} OR ${lt(a.count, rule.limit)}`)
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (awsErrorName(error) === 'ConditionalCheckFailedException') throw full(rule, window, now);
      throw error;
    });
}

/**
 * Refuses with 429 when the current window is already full, without counting: for limits that count
 * only failures, which the caller records afterwards with consumeRateLimit. One GetItem.
 */
export async function assertRateLimitOpen(
  rule: RateLimitRule,
  now: Date = clock.now(),
  service: Db = db(),
): Promise<void> {
  const { data } = await service.entities.RateLimit.get({ bucket: rule.bucket, window: windowOf(rule, now) }).go();
  if ((data?.count ?? 0) >= rule.limit) throw full(rule, windowOf(rule, now), now);
}

function windowOf(rule: RateLimitRule, now: Date): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return nowSeconds - (nowSeconds % rule.windowSeconds);
}

/** A full window opens again when it ends: that is the wait `Retry-After` gives. */
const full = (rule: RateLimitRule, window: number, now: Date) =>
  new TooManyRequestsError(undefined, Math.max(1, Math.ceil(window + rule.windowSeconds - now.getTime() / 1000)));

/**
 * A progressive brake: the first `free` events pass; from then on each event makes the next one wait,
 * 1 s, 2 s, 4 s … up to `maxDelaySeconds`. Nothing is ever locked for longer than that, so a stranger's
 * failures cannot shut the owner out, yet a guesser's rate falls to one try per `maxDelaySeconds`.
 * The count is forgotten once `forgetSeconds` pass without an event.
 */
export interface BrakeRule {
  bucket: string;
  free: number;
  maxDelaySeconds: number;
  forgetSeconds: number;
}

/** The wait (seconds) the `count`-th event imposes on the next one. */
export const brakeDelaySeconds = (rule: Omit<BrakeRule, 'bucket'>, count: number): number =>
  count < rule.free ? 0 : Math.min(2 ** (count - rule.free), rule.maxDelaySeconds);

export interface BrakeState {
  /** The stored count as read (the condition of the next write), null when there is no item. */
  stored: number | null;
  /** The count that applies now (0 once forgotten). */
  count: number;
  /** Seconds until the next event may pass (0: now). */
  waitSeconds: number;
}

type BrakeItem = { count: number; expiresAt: number; until?: number | undefined } | null | undefined;

function brakeState(data: BrakeItem, now: Date): BrakeState {
  const nowMs = now.getTime();
  if (!data) return { stored: null, count: 0, waitSeconds: 0 };
  // The TTL deletes late (up to days on AWS): an item past its time counts as none.
  if (data.expiresAt * 1000 <= nowMs) return { stored: data.count, count: 0, waitSeconds: 0 };
  const until = data.until ?? 0;
  return { stored: data.count, count: data.count, waitSeconds: until > nowMs ? Math.ceil((until - nowMs) / 1000) : 0 };
}

async function readBrake(rule: BrakeRule, now: Date, service: Db): Promise<BrakeState> {
  const { data } = await service.entities.RateLimit.get({ bucket: rule.bucket, window: 0 }).go();
  return brakeState(data, now);
}

/**
 * Reads brakes in one BatchGetItem (sign-in reads the address and the account brake together): 429
 * with the longest remaining wait (`Retry-After`) while any delay runs; otherwise the states in the
 * order of `rules`. Keys the batch leaves unprocessed are read one by one.
 */
export async function assertBrakesOpen(
  rules: readonly BrakeRule[],
  now: Date = clock.now(),
  service: Db = db(),
): Promise<BrakeState[]> {
  const { data, unprocessed } = await service.entities.RateLimit.get(
    rules.map((r) => ({ bucket: r.bucket, window: 0 })),
  ).go();
  const byBucket = new Map(data.map((d) => [d.bucket, d]));
  const late = new Set(unprocessed.map((k) => k.bucket));
  const states = await Promise.all(
    rules.map(async (r) => (late.has(r.bucket) ? readBrake(r, now, service) : brakeState(byBucket.get(r.bucket), now))),
  );
  const wait = Math.max(0, ...states.map((s) => s.waitSeconds));
  if (wait > 0) throw new TooManyRequestsError(undefined, wait);
  return states;
}

/**
 * Counts one event on a brake read by assertBrakesOpen and sets the wait it imposes. One conditional
 * UpdateItem on the count that was read. When a concurrent event was counted first, the brake is read
 * again: if that event started a wait, this one gets 429 with it (concurrent events cannot all slip
 * through the same open moment); while the brake is still within its free events, this one is counted
 * too (three tabs signing in at once are not refused).
 */
export async function countBrake(
  rule: BrakeRule,
  state: BrakeState,
  now: Date = clock.now(),
  service: Db = db(),
): Promise<void> {
  let current = state;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await writeBrake(rule, current, now, service)) return;
    current = await readBrake(rule, now, service);
    if (current.waitSeconds > 0) throw new TooManyRequestsError(undefined, current.waitSeconds);
  }
  throw new TooManyRequestsError(undefined, 1);
}

/**
 * Takes back one event counted by countBrake, for an attempt that turned out right (the password was
 * correct): the brake counts attempts up front so concurrent guesses cannot all pass, but only
 * wrong ones should accumulate, or an owner signing in from fresh browsers would be slowed down. One
 * conditional UpdateItem; nothing when the count is already gone (forgotten or removed by TTL).
 */
export async function refundBrake(rule: BrakeRule, service: Db = db()): Promise<void> {
  await service.entities.RateLimit.update({ bucket: rule.bucket, window: 0 })
    .subtract({ count: 1 })
    .where((a, { gt }) => gt(a.count, 0))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (awsErrorName(error) !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * Counts an event that has already happened (a failure): re-reads and retries when a concurrent
 * event was counted first, so none is lost. `known` is the state read before the event (by
 * assertBrakesOpen), tried first: then one UpdateItem; otherwise one GetItem and one UpdateItem;
 * more only under contention.
 */
export async function recordBrakeEvent(
  rule: BrakeRule,
  now: Date = clock.now(),
  service: Db = db(),
  known?: BrakeState,
): Promise<void> {
  let state = known ?? (await readBrake(rule, now, service));
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await writeBrake(rule, state, now, service)) return;
    state = await readBrake(rule, now, service);
  }
}

async function writeBrake(rule: BrakeRule, state: BrakeState, now: Date, service: Db): Promise<boolean> {
  const count = state.count + 1;
  const nowMs = now.getTime();
  try {
    await service.entities.RateLimit.update({ bucket: rule.bucket, window: 0 })
      .set({
        count,
        // 0 while the event imposes no wait: a stored "now" would read as a wait to a clock set earlier.
        until: brakeDelaySeconds(rule, count) > 0 ? nowMs + brakeDelaySeconds(rule, count) * 1000 : 0,
        expiresAt: Math.ceil(nowMs / 1000) + rule.forgetSeconds,
      })
      .where((a, { notExists, eq }) => (state.stored === null ? notExists(a.count) : eq(a.count, state.stored)))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Marks a one-time value as used (e.g. a sign-in challenge once answered): true the first time,
 * false on every later call until the item expires. One conditional put, so concurrent answers
 * cannot both win.
 */
export async function useOnce(
  bucket: string,
  ttlSeconds: number,
  now: Date = clock.now(),
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
