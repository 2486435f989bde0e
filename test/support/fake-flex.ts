/**
 * A stand-in for domain/worktime/flex.ts applyFlexSettlement in the wiring tests of issue 17, so they
 * check the plumbing (which days reach the engine, what is stored and shown) and not the law: every
 * flex day gets a FlexPeriodState of its 清算期間 where worked-to-date is the sum of workedMinutes
 * from the period's start through the day and required-to-date is 8 h × the working days (not days
 * off) through the day. The real pass (another helper's work) replaces none of what the tests check
 * beyond these figures. Use: vi.mock('…/functions/domain/worktime/flex.js', () => fakeFlexModule()).
 */
import type { DayResult } from '../../functions/domain/worktime/day.js';
import { periodOfSystem } from '../../functions/domain/worktime/system.js';

export const FAKE_STANDARD_DAY = 480;

export function fakeApplyFlexSettlement(days: readonly DayResult[]): DayResult[] {
  let period = '';
  let worked = 0;
  let required = 0;
  return days.map((d) => {
    const p = periodOfSystem(d.system, d.workDate);
    if (!p) return d;
    if (p.from !== period) {
      period = p.from;
      worked = 0;
      required = 0;
    }
    worked += d.workedMinutes;
    if (!d.calendar.isDayOff) required += FAKE_STANDARD_DAY;
    return {
      ...d,
      flexPeriod: {
        from: p.from,
        to: p.to,
        totalFrameMinutes: 0,
        requiredMinutes: 0,
        workedToDateMinutes: worked,
        requiredToDateMinutes: required,
        balanceMinutes: worked - required,
      },
    };
  });
}

export const fakeFlexModule = () => ({ applyFlexSettlement: fakeApplyFlexSettlement });
