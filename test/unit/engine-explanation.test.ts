import { describe, expect, it } from 'vitest';
import { explanationView } from '../../functions/api/explanation-view.js';
import { instantOf } from '../../functions/domain/time.js';
import {
  computeDay,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  explainDay,
  type ExplanationLine,
  type RulesInForce,
} from '../../functions/domain/worktime/index.js';
import { renderLines } from '../support/explanation.js';

/**
 * The engine's explanation as codes with params (issue 31): the domain gives codes, the catalogues
 * give the words. One example per kind of line, its params, and its Japanese (today's wording, word for
 * word) and English text. Asia/Tokyo; 2026-04-01 is a Wednesday.
 */
const TZ = 'Asia/Tokyo';
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE };
const at = (date: string, h: number, m: number) => instantOf(date, h, m, TZ);
const clock = (time: string, day = 'same') => ({ code: 'engine.clock', params: { time, day } });
const range = (from: object, to: object) => ({ code: 'engine.range', params: { from, to } });
const find = (lines: ExplanationLine[], code: string) => lines.filter((l) => l.code === code);

describe('explanation lines: codes with params, words from the catalogue', () => {
  // 09:00–18:00 with the built-in rules (LABOUR-LAW.md): 拘束 9 h = 540; no break given, so none is
  // deducted → work 540. 32条: 8 h = 480 is the fixed time (09:00–17:00 所定内), 17:00–18:00 = 60 法定外.
  // 34条: work 540 > 8 h needs 60 min of break; 0 given → 60 short, flagged, the work stays work.
  const d = computeDay({
    workDate: '2026-04-01',
    timeZone: TZ,
    punchInAt: at('2026-04-01', 9, 0),
    punchOutAt: at('2026-04-01', 18, 0),
    rules: DEFAULTS,
  });
  const lines = explainDay(d);

  it('a segment: its clock range, kind, late-night choice and minutes', () => {
    const [overtime] = find(lines, 'day.segment').filter((l) => l.params?.minutes === 60);
    expect(overtime).toEqual({
      code: 'day.segment',
      params: {
        range: range(clock('17:00'), clock('18:00')),
        kind: { code: 'engine.segment_statutory_overtime' },
        lateNight: 'no',
        minutes: 60,
      },
    });
    expect(renderLines('ja', [overtime!])).toEqual(['17:00–18:00 法定外残業（1日8時間超） 60分']);
    expect(renderLines('en', [overtime!])).toEqual(['17:00–18:00 Statutory overtime (over 8 hours a day), 60 min']);
  });

  it('a warning: minutes as numbers, the work as h:mm at render time', () => {
    const [warning] = find(lines, 'day.warn_break_below_legal');
    expect(warning).toEqual({
      code: 'day.warn_break_below_legal',
      params: { breakMinutes: 0, worked: { hm: 540 }, shortfall: 60 },
    });
    expect(renderLines('ja', [warning!])).toEqual([
      '注意: 休憩0分は労働9:00に対し労働基準法34条の最低基準（労働6時間超は45分・8時間超は60分）に60分不足（休憩を補わず労働時間として計上）',
    ]);
    expect(renderLines('en', [warning!])).toEqual([
      'Note: the break of 0 min is 60 min short of the minimum of Article 34 of the Labour Standards Act for 9:00 of work (45 min over 6 hours, 60 min over 8 hours); no break is added and the time counts as work',
    ]);
  });

  it('the API answer: code, params and message per line, in the caller’s language', () => {
    // work 540 = 所定内 480 + 法定外 60; late night 0.
    const worked = (language: string) => explanationView(language, lines).find((l) => l.code === 'day.worked');
    expect(worked('ja')?.message).toBe('労働: 540分 = 所定内480 + 法定外60、うち深夜0分');
    expect(worked('en')?.message).toBe(
      'Work: 540 min = scheduled 480 + statutory overtime 60, of which late night 0 min',
    );
    expect(worked('en')?.params).toEqual(worked('ja')?.params);
    // A language without a catalogue reads Japanese.
    expect(worked('xx')?.message).toBe(worked('ja')?.message);
  });

  it('a clock past midnight: 翌 in Japanese, “(next day)” in English', () => {
    // 22:00–07:00 the next morning: 拘束 9 h = 540.
    const night = computeDay({
      workDate: '2026-04-01',
      timeZone: TZ,
      punchInAt: at('2026-04-01', 22, 0),
      punchOutAt: at('2026-04-02', 7, 0),
      rules: DEFAULTS,
    });
    const [restraint] = find(explainDay(night), 'day.restraint');
    expect(restraint).toEqual({
      code: 'day.restraint',
      params: { range: range(clock('22:00'), clock('07:00', 'next')), minutes: 540 },
    });
    expect(renderLines('ja', [restraint!])).toEqual(['拘束: 22:00–翌07:00 540分']);
    expect(renderLines('en', [restraint!])).toEqual(['On duty: 22:00–07:00 (next day), 540 min']);
  });

  it('a leave day without punches: nested labels and an English plural', () => {
    const leave = explainDay(computeDay({ workDate: '2026-04-01', timeZone: TZ, rules: DEFAULTS, leaveType: 0 }));
    expect(leave).toEqual([
      {
        code: 'day.leave',
        params: { leave: { code: 'engine.leave_paid' }, unit: { code: 'day.leave_unit_days', params: { days: 1 } } },
      },
      { code: 'day.no_punch' },
    ]);
    expect(renderLines('ja', leave)).toEqual(['有給休暇（1日）', '打刻なし']);
    expect(renderLines('en', leave)).toEqual(['Paid leave (1 day)', 'No punches']);
  });
});
