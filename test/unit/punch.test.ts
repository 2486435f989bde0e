import { describe, expect, it } from 'vitest';
import {
  PUNCH_STATUS_LABELS,
  breakMinutes,
  BREAK_CORRECTION_MESSAGES,
  breaksAfter,
  correctionBreakProblems,
  currentShift,
  missedPunches,
  nextAction,
  openBreak,
  punchInDate,
  statusOf,
  type Shift,
} from '../../functions/domain/punch.js';

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

describe('break punches and kinds (issue 16)', () => {
  const D = '2026-04-02';
  const now = at('2026-04-02T05:00:00Z');
  const working: Shift = { workDate: D, punchInAt: '2026-04-02T00:00:00Z' };
  const onBreak: Shift = { ...working, breaks: [{ startAt: '2026-04-02T03:00:00Z' }] };
  const afterBreak: Shift = {
    ...working,
    breaks: [{ startAt: '2026-04-02T03:00:00Z', endAt: '2026-04-02T03:45:00Z' }],
  };
  const left: Shift = { ...afterBreak, punchOutAt: '2026-04-02T04:00:00Z' };
  const act = (s: Shift | null, kind?: Parameters<typeof nextAction>[3]) => nextAction(s ? [s] : [], D, now, kind);

  it('names the four states', () => {
    expect([null, working, onBreak, afterBreak, left].map(statusOf)).toEqual([
      'not_punched_in',
      'at_work',
      'on_break',
      'at_work',
      'left_work',
    ]);
    expect(PUNCH_STATUS_LABELS).toEqual({
      not_punched_in: '未出勤',
      at_work: '勤務中',
      on_break: '休憩中',
      left_work: '退勤済み',
    });
    expect(openBreak(onBreak)).toEqual({ startAt: '2026-04-02T03:00:00Z' });
    expect(openBreak(afterBreak)).toBeNull();
  });

  it('applies each kind where it makes sense', () => {
    expect(act(null, 'in')).toEqual({ type: 'in', workDate: D });
    expect(act(working, 'break_start')).toEqual({ type: 'break_start', workDate: D });
    expect(act(afterBreak, 'break_start')).toEqual({ type: 'break_start', workDate: D });
    expect(act(onBreak, 'break_end')).toEqual({ type: 'break_end', workDate: D });
    expect(act(working, 'out')).toEqual({ type: 'out', workDate: D });
    expect(act(onBreak, 'out')).toEqual({ type: 'out', workDate: D });
    // Without a kind: 退勤 during a break too (the body before kinds).
    expect(act(onBreak)).toEqual({ type: 'out', workDate: D });
  });

  it('ignores a press repeating the state, refuses one that makes no sense', () => {
    expect(act(working, 'in')).toEqual({ type: 'ignored', workDate: D, reason: 'already_punched_in' });
    expect(act(onBreak, 'in')).toEqual({ type: 'ignored', workDate: D, reason: 'already_punched_in' });
    expect(act(onBreak, 'break_start')).toEqual({ type: 'ignored', workDate: D, reason: 'already_on_break' });
    expect(act(afterBreak, 'break_end')).toEqual({ type: 'ignored', workDate: D, reason: 'break_already_ended' });
    expect(act(left, 'out')).toEqual({ type: 'ignored', workDate: D, reason: 'already_punched_out' });

    for (const kind of ['break_start', 'break_end', 'out'] as const)
      expect(act(null, kind)).toEqual({ type: 'refused', workDate: D, reason: 'not_punched_in' });
    expect(act(working, 'break_end')).toEqual({ type: 'refused', workDate: D, reason: 'not_on_break' });
    for (const kind of ['in', 'break_start', 'break_end'] as const)
      expect(act(left, kind)).toEqual({ type: 'refused', workDate: D, reason: 'left_work' });
    expect(act(left)).toEqual({ type: 'done', workDate: D });
  });

  it('takes 退勤 within a minute of 出勤 as a repeat, with a kind as without', () => {
    const soon = at('2026-04-02T00:00:30Z');
    expect(nextAction([working], D, soon, 'out')).toEqual({ type: 'repeat', workDate: D });
    expect(nextAction([working], D, soon)).toEqual({ type: 'repeat', workDate: D });
    // A break may start at once.
    expect(nextAction([working], D, soon, 'break_start')).toEqual({ type: 'break_start', workDate: D });
  });

  it('starts today on 出勤 while a night shift that ended this morning is still on screen', () => {
    const night: Shift = {
      workDate: '2026-04-01',
      punchInAt: '2026-04-01T13:00:00Z',
      punchOutAt: '2026-04-01T22:00:00Z',
    };
    const morning = at('2026-04-02T00:00:00Z'); // 9:00 in Tokyo, two hours after the night shift
    expect(nextAction([night], D, morning, 'in')).toEqual({ type: 'in', workDate: D });
    expect(nextAction([night], D, morning)).toEqual({ type: 'done', workDate: '2026-04-01' });
    // Break punches of a night shift still open after midnight go to its own date.
    const open: Shift = { workDate: '2026-04-01', punchInAt: '2026-04-01T13:00:00Z' };
    expect(nextAction([open], D, at('2026-04-01T17:00:00Z'), 'break_start')).toEqual({
      type: 'break_start',
      workDate: '2026-04-01',
    });
  });

  it('keeps the breaks: appends on 休憩開始, ends the running one on 休憩終了, leaves it open on 退勤', () => {
    expect(breaksAfter(working, 'break_start', 'T1')).toEqual([{ startAt: 'T1' }]);
    expect(breaksAfter(afterBreak, 'break_start', 'T2')).toEqual([...afterBreak.breaks!, { startAt: 'T2' }]);
    expect(breaksAfter(onBreak, 'break_end', 'T3')).toEqual([{ startAt: '2026-04-02T03:00:00Z', endAt: 'T3' }]);
    // 退勤 during a break: the break keeps no end (a forgotten 休憩終了 must not become a break to 退勤).
    expect(breaksAfter(onBreak, 'out', 'T4')).toBeNull();
    expect(breaksAfter(afterBreak, 'out', 'T4')).toBeNull();
    expect(breaksAfter(null, 'in', 'T0')).toBeNull();
  });

  it('counts the minutes of ended breaks, minute by minute as the engine does', () => {
    expect(
      breakMinutes([
        { startAt: '2026-04-02T03:00:59Z', endAt: '2026-04-02T03:45:00Z' },
        { startAt: '2026-04-02T06:00:00Z', endAt: '2026-04-02T06:15:30Z' },
        { startAt: '2026-04-02T08:00:00Z' },
      ]),
    ).toBe(60);
    expect(breakMinutes(undefined)).toBe(0);
  });
});

describe('correctionBreakProblems (the breaks a correction sets)', () => {
  const t = (hhmm: string) => `2026-04-02T${hhmm}:00.000Z`;
  const b = (from: string, to: string) => ({ startAt: t(from), endAt: t(to) });
  const check = (breaks: { startAt: string; endAt: string }[], inAt = t('00:00'), outAt = t('09:00')) =>
    correctionBreakProblems(breaks, inAt, outAt);

  it('takes none, or breaks inside the shift in order, touching included', () => {
    expect(check([])).toEqual({});
    expect(correctionBreakProblems([], undefined, undefined)).toEqual({});
    expect(check([b('00:00', '01:00'), b('01:00', '01:30'), b('08:00', '09:00')])).toEqual({});
  });

  it('names the break and the end at fault, in Japanese', () => {
    const M = BREAK_CORRECTION_MESSAGES;
    expect(check([b('03:00', '03:00')])).toEqual({ 'breaks.0.end_at': [M.endAfterStart] });
    expect(check([b('04:00', '03:00')])).toEqual({ 'breaks.0.end_at': [M.endAfterStart] });
    expect(check([b('08:30', '09:30')])).toEqual({ 'breaks.0.start_at': [M.insideShift] });
    expect(check([b('03:00', '04:00')], t('03:30'))).toEqual({ 'breaks.0.start_at': [M.insideShift] });
    expect(check([b('03:00', '04:00'), b('03:30', '05:00')])).toEqual({ 'breaks.1.start_at': [M.ordered] });
    expect(check([b('05:00', '06:00'), b('03:00', '04:00')])).toEqual({ 'breaks.1.start_at': [M.ordered] });
    expect(correctionBreakProblems([b('03:00', '04:00')], t('00:00'), undefined)).toEqual({
      breaks: [M.needsShift],
    });
    expect(M.endRequired).toBe('休憩の終了時刻を入力してください（修正では終了時刻も必要です）');
  });
});

describe('the work date of a punch-in after midnight (夜勤)', () => {
  // Yesterday 4/1 has a 22:00–翌7:00 shift (JST): 4/1 13:00Z – 4/1 22:00Z.
  const night = { startAt: '2026-04-01T13:00:00Z', endAt: '2026-04-01T22:00:00Z' };
  it("belongs to yesterday's night shift until its scheduled end, when yesterday has no punch-in", () => {
    // 0:30 JST on 4/2 = 4/1 15:30Z: before 7:00 → 4/1.
    expect(punchInDate([], '2026-04-02', at('2026-04-01T15:30:00Z'), night)).toBe('2026-04-01');
    // 7:00 JST (22:00Z) is the end: today.
    expect(punchInDate([], '2026-04-02', at('2026-04-01T22:00:00Z'), night)).toBe('2026-04-02');
  });
  it('is today without a night shift yesterday, or when yesterday already has a punch-in', () => {
    expect(punchInDate([], '2026-04-02', at('2026-04-01T15:30:00Z'), null)).toBe('2026-04-02');
    const worked = [{ workDate: '2026-04-01', punchInAt: '2026-04-01T13:00:00Z', punchOutAt: '2026-04-01T14:00:00Z' }];
    expect(punchInDate(worked, '2026-04-02', at('2026-04-01T15:30:00Z'), night)).toBe('2026-04-02');
  });
  it('makes the press a punch-in on that date', () => {
    expect(nextAction([], '2026-04-02', at('2026-04-01T15:30:00Z'), 'in', '2026-04-01')).toEqual({
      type: 'in',
      workDate: '2026-04-01',
    });
  });
});
