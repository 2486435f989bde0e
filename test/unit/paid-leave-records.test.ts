/**
 * Issue 29 item 8: the five-day duty (年5日の時季指定義務, 39条7項 — LABOUR-LAW.md §Annual paid leave:
 * "The five-day duty counts full and half days, not hours") is judged only from the day the product's
 * records of the worker begin: the later of the hire date and the company's first day of use. Days
 * taken before that are unknown unless the admin states them.
 *
 * Hand-derived case (the tester's onboarding): the company starts using the product on Saturday
 * 2026-11-28; a worker hired 2024-04-01 has the statutory grants of 2025-10-01 (11 days) and 2026-10-01
 * (12 days) — 39条2項: 6 months after hire, then every year (10, 11, 12 …). Each grant of ≥ 10 days opens
 * a one-year window from its base date (39条7項): 2025-10-01 – 2026-09-30 and 2026-10-01 – 2027-09-30.
 * - The first window ended on 2026-09-30, before the records began: nothing recorded, so not judged —
 *   before the fix it said 期限超過 (0 of 5 days, deadline passed).
 * - The second began on 2026-10-01, before the records: the days taken 2026-10-01 – 11-27 are unknown.
 *   Without a statement and with fewer than 5 days recorded it is 要確認 ('unconfirmed'), never 遅れ.
 *   With a statement it is judged as usual on stated + recorded days.
 */
import { describe, expect, it } from 'vitest';
import { fiveDayDuty, type LeaveGrant, type LeaveTaking } from '../../functions/domain/paid-leave/index.js';

const grants: LeaveGrant[] = [
  { id: 's20251001', grantedOn: '2025-10-01', days: 11, kind: 'statutory' },
  { id: 's20261001', grantedOn: '2026-10-01', days: 12, kind: 'statutory' },
];
const day = (date: string, days = 1): LeaveTaking => ({ id: `t${date}`, date, days });
const RECORDS = { recordsFrom: '2026-11-28' };

describe('five-day duty from the start of the records', () => {
  it('before the fix (no records date): the window that ended before the company started is 期限超過', () => {
    expect(fiveDayDuty(grants, [], '2026-11-28').map((w) => w.status)).toEqual(['overdue', 'on_track']);
  });

  it('a window that ended before the records began is not judged', () => {
    const [first] = fiveDayDuty(grants, [], '2026-11-28', RECORDS);
    expect(first).toMatchObject({
      from: '2025-10-01',
      deadline: '2026-09-30',
      status: 'before_records',
      beforeRecords: true,
      takenBeforeRecords: null,
    });
  });

  it('the window running when the records began is 要確認 until the days taken before are stated', () => {
    const [, second] = fiveDayDuty(grants, [], '2026-11-28', RECORDS);
    expect(second).toMatchObject({ from: '2026-10-01', status: 'unconfirmed', takenDays: 0, beforeRecords: true });
    // Still 要確認 in its final month (2027-09): never 遅れ or 期限超過 on days nobody recorded.
    expect(fiveDayDuty(grants, [], '2027-09-15', RECORDS)[1]!.status).toBe('unconfirmed');
    // Five days recorded after the start satisfy the duty whatever came before.
    const five = ['2026-12-01', '2027-01-05', '2027-02-01', '2027-03-01', '2027-04-01'].map((d) => day(d));
    expect(fiveDayDuty(grants, five, '2027-05-01', RECORDS)[1]).toMatchObject({ takenDays: 5, status: 'met' });
  });

  it('with the days stated, the window is judged on stated + recorded days', () => {
    // Stated 1.5 days before 11/28, one day recorded on 12/10: 2.5 taken by 2026-12-15. Months over
    // before 12/15: October and November (2); even pace floor(5 × 2 ÷ 12) = 0 → 順調.
    const w = fiveDayDuty(grants, [day('2026-12-10')], '2026-12-15', { ...RECORDS, takenBeforeRecords: 1.5 })[1]!;
    expect(w).toMatchObject({ takenDays: 2.5, remainingDays: 2.5, status: 'on_track', takenBeforeRecords: 1.5 });
    // Stated 0 and nothing recorded by 2027-06-15: 8 months over, pace floor(5 × 8 ÷ 12) = 3 → 遅れ.
    expect(fiveDayDuty(grants, [], '2027-06-15', { ...RECORDS, takenBeforeRecords: 0 })[1]!.status).toBe('behind');
    // Stated 5: 達成.
    expect(fiveDayDuty(grants, [], '2026-11-28', { ...RECORDS, takenBeforeRecords: 5 })[1]!.status).toBe('met');
    // The statement never revives the window that ended before the records.
    expect(fiveDayDuty(grants, [], '2026-11-28', { ...RECORDS, takenBeforeRecords: 5 })[0]!.status).toBe(
      'before_records',
    );
  });

  it('a leave day recorded before the start is replaced by the statement, not counted twice', () => {
    // 11/02 was entered by hand (1 day) and the admin states 1 day for the time before 11/28: 1, not 2.
    const w = fiveDayDuty(grants, [day('2026-11-02')], '2026-11-30', { ...RECORDS, takenBeforeRecords: 1 })[1]!;
    expect(w.takenDays).toBe(1);
  });

  it('a hire after the first day of use: records begin at the hire, every window is judged as before', () => {
    // Hired 2027-01-10, company in use since 2026-11-28: the first grant (2027-07-10) opens after the records began.
    const own = [{ id: 's20270710', grantedOn: '2027-07-10', days: 10, kind: 'statutory' as const }];
    expect(fiveDayDuty(own, [], '2027-08-01', { recordsFrom: '2027-01-10' })[0]).toMatchObject({
      beforeRecords: false,
      status: 'on_track',
    });
  });
});
