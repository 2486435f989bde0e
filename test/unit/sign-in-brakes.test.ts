/**
 * The brute-force figures of the sign-in brakes (issue 14 item 14): replacing the 15-minute and
 * 10-minute locks by doubling delays must not let a guesser try more often than before. An attacker
 * who knows the rules tries the moment each delay ends, and may pause to let the count be forgotten;
 * every such strategy is played out and the best one bounded by the old fixed windows' figures.
 */
import { describe, expect, it } from 'vitest';
import { brakeDelaySeconds, type BrakeRule } from '../../functions/db/rate-limits.js';
import { SIGN_IN_LIMITS } from '../../functions/services/sessions/sign-in.js';

const HOUR = 3600;

/** Most events a brake lets through in `seconds`: bursts of `free + k` events, then a pause to forget. */
function mostEvents(rule: Omit<BrakeRule, 'bucket'>, seconds: number): number {
  let best = 0;
  for (let k = 0; k <= 1500; k++) {
    let t = 0;
    let events = 0;
    while (t < seconds) {
      for (let count = 1; t < seconds; count++) {
        events++;
        if (count >= rule.free + k) break;
        t += brakeDelaySeconds(rule, count);
      }
      t += rule.forgetSeconds;
    }
    best = Math.max(best, events);
  }
  return best;
}

/** The old fixed window: `limit` per window, so a sliding hour touches one window more than fit in it. */
const oldMostInAnHour = (limit: number, windowSeconds: number) => limit * (Math.ceil(HOUR / windowSeconds) + 1);

describe('sign-in brake figures', () => {
  it('delays double from 1 s after the free attempts, up to the cap', () => {
    const rule = SIGN_IN_LIMITS.untrusted;
    const delays = Array.from({ length: 20 }, (_, i) => brakeDelaySeconds(rule, i + 1));
    expect(delays.slice(0, rule.free - 1).every((d) => d === 0)).toBe(true);
    expect(delays.slice(rule.free - 1, rule.free + 8)).toEqual([1, 2, 4, 8, 16, 32, 64, 120, 120]);
  });

  it('lets no more guesses per hour than the old locks did, per account and per address', () => {
    const account = mostEvents(SIGN_IN_LIMITS.untrusted, HOUR);
    const accountDay = mostEvents(SIGN_IN_LIMITS.untrusted, 24 * HOUR);
    const address = mostEvents(SIGN_IN_LIMITS.perAddress, HOUR);
    const addressDay = mostEvents(SIGN_IN_LIMITS.perAddress, 24 * HOUR);
    // Before: 10 attempts / 15 min per account, 30 failures / 10 min per address.
    expect(account).toBeLessThanOrEqual(oldMostInAnHour(10, 15 * 60));
    expect(accountDay).toBeLessThanOrEqual(10 * 4 * 24);
    expect(address).toBeLessThanOrEqual(oldMostInAnHour(30, 10 * 60));
    expect(addressDay).toBeLessThanOrEqual(30 * 6 * 24);
    expect({ account, accountDay, address, addressDay }).toEqual({
      account: 45,
      accountDay: expect.any(Number),
      address: 154,
      addressDay: expect.any(Number),
    });
    console.log(
      `SECURITY FIGURES: sign-in guesses at most — one account from unknown devices: ${account} in an hour, ` +
        `${accountDay} a day (old lock: ${oldMostInAnHour(10, 15 * 60)} / ${10 * 4 * 24}); one address: ${address} failures ` +
        `in an hour, ${addressDay} a day (old: ${oldMostInAnHour(30, 10 * 60)} / ${30 * 6 * 24}).`,
    );
  });
});
