import { describe, expect, it } from 'vitest';
import { currentShift, missedPunches, nextAction, statusOf, type Shift } from '../../functions/domain/punch.js';

const at = (iso: string) => new Date(iso);

describe('punch rules', () => {
  it('punches in when nothing is recorded today', () => {
    expect(nextAction([], '2026-04-02', at('2026-04-02T00:00:00Z'))).toEqual({ type: 'in', workDate: '2026-04-02' });
    expect(statusOf(null)).toBe('not_punched_in');
  });

  it('treats a second press within a minute of punching in as the same press', () => {
    const inOnly: Shift[] = [{ workDate: '2026-04-02', punchInAt: '2026-04-02T00:00:00Z' }];
    expect(nextAction(inOnly, '2026-04-02', at('2026-04-02T00:00:59Z'))).toEqual({
      type: 'repeat',
      workDate: '2026-04-02',
    });
    expect(nextAction(inOnly, '2026-04-02', at('2026-04-02T00:01:00Z'))).toEqual({
      type: 'out',
      workDate: '2026-04-02',
    });
  });

  it('punches out of today after punching in, then is done', () => {
    const inOnly: Shift[] = [{ workDate: '2026-04-02', punchInAt: '2026-04-02T00:00:00Z' }];
    expect(nextAction(inOnly, '2026-04-02', at('2026-04-02T09:00:00Z'))).toEqual({
      type: 'out',
      workDate: '2026-04-02',
    });
    const both: Shift[] = [{ ...inOnly[0]!, punchOutAt: '2026-04-02T09:00:00Z' }];
    expect(nextAction(both, '2026-04-02', at('2026-04-02T09:01:00Z'))).toEqual({
      type: 'done',
      workDate: '2026-04-02',
    });
    expect(statusOf(both[0]!)).toBe('left_work');
  });

  it('closes a night shift on the day it started', () => {
    // In at 22:00 JST on 4/1 (13:00Z), out at 02:00 JST on 4/2 (17:00Z): the out belongs to 4/1.
    const night: Shift[] = [{ workDate: '2026-04-01', punchInAt: '2026-04-01T13:00:00Z' }];
    const now = at('2026-04-01T17:00:00Z');
    expect(currentShift(night, '2026-04-02', now)?.workDate).toBe('2026-04-01');
    expect(nextAction(night, '2026-04-02', now)).toEqual({ type: 'out', workDate: '2026-04-01' });
    expect(missedPunches(night, '2026-04-02', now)).toEqual([]);
  });

  it('shows a night shift just closed as left work for a few hours, then starts a fresh day', () => {
    const closed: Shift[] = [
      { workDate: '2026-04-01', punchInAt: '2026-04-01T13:00:00Z', punchOutAt: '2026-04-01T17:00:00Z' },
    ];
    expect(statusOf(currentShift(closed, '2026-04-02', at('2026-04-01T17:01:00Z')))).toBe('left_work');
    expect(nextAction(closed, '2026-04-02', at('2026-04-01T17:01:00Z')).type).toBe('done');
    // Five hours after the punch-out the screen belongs to the new day.
    expect(nextAction(closed, '2026-04-02', at('2026-04-01T22:01:00Z'))).toEqual({
      type: 'in',
      workDate: '2026-04-02',
    });
  });

  it('treats an open shift older than 24 h as a missed punch and starts a new day', () => {
    const days: Shift[] = [{ workDate: '2026-03-30', punchInAt: '2026-03-30T00:00:00Z' }];
    const now = at('2026-04-02T00:00:00Z');
    expect(nextAction(days, '2026-04-02', now)).toEqual({ type: 'in', workDate: '2026-04-02' });
    expect(missedPunches(days, '2026-04-02', now)).toEqual(['2026-03-30']);
  });

  it("prefers today's shift over an older open one", () => {
    const days: Shift[] = [
      { workDate: '2026-04-01', punchInAt: '2026-04-01T00:00:00Z' },
      { workDate: '2026-04-02', punchInAt: '2026-04-01T23:50:00Z' },
    ];
    const now = at('2026-04-02T01:00:00Z');
    expect(currentShift(days, '2026-04-02', now)?.workDate).toBe('2026-04-02');
    expect(missedPunches(days, '2026-04-02', now)).toEqual(['2026-04-01']);
  });
});
