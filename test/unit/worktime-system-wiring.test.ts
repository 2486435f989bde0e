/**
 * Issue 17 wiring: which months a change reaches under a 変形 / flex system, and the 36協定 limits by
 * the employee's system (1年単位の変形 over 3 months: 42 h / 320 h; 管理監督者: the 80 h notice only).
 */
import { describe, expect, it } from 'vitest';
import { checkAgreement, type AgreementMonth } from '../../functions/domain/worktime/agreement.js';
import { monthsAffectedBy } from '../../functions/domain/worktime/month.js';
import { periodsAffectedBy } from '../../functions/domain/worktime/period.js';
import { systemFromRecord, type SystemOf } from '../../functions/domain/worktime/system.js';

const H = 60;
const flex3: SystemOf = () =>
  systemFromRecord(
    {
      scope: 'status',
      employmentStatusId: 's1',
      employeeId: '-',
      effectiveFrom: '2026-04-01',
      system: 'flex',
      periodStart: '2026-04-01',
      periodMonths: 3,
    },
    'status',
  );

describe('months a change reaches under a period system', () => {
  it('通常: the week only (unchanged)', () => {
    expect(monthsAffectedBy('2026-04-06')).toEqual(['2026-04']);
  });

  it('3-month flex 4/1–6/30: a punch on 4/6 reaches June, cut at today', () => {
    expect(monthsAffectedBy('2026-04-06', '2026-04-06', 0, flex3)).toEqual(['2026-04', '2026-05', '2026-06']);
    // Today 5/10: June has no days yet; it is computed when they come.
    expect(monthsAffectedBy('2026-04-06', '2026-04-06', 0, flex3, '2026-05-10')).toEqual(['2026-04', '2026-05']);
    // Never before the end of the week (the 4/30 week ends 5/2).
    expect(monthsAffectedBy('2026-04-30', '2026-04-30', 0, flex3, '2026-04-30')).toEqual(['2026-04', '2026-05']);
    // The period's last month: nothing later.
    expect(monthsAffectedBy('2026-06-10', '2026-06-10', 0, flex3)).toEqual(['2026-06']);
  });

  it('payroll periods (末日締め) follow the same rule', () => {
    expect(periodsAffectedBy('2026-04-06', '2026-04-06', [], 0, flex3, '2026-07-01').map((p) => p.id)).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
  });
});

const m = (month: string, overtime: number, extra: Partial<AgreementMonth> = {}): AgreementMonth => ({
  month,
  statutoryOvertimeMinutes: overtime * H,
  legalHolidayWorkMinutes: 0,
  ...extra,
});
const codes = (months: AgreementMonth[]) => checkAgreement({ months }).findings.map((f) => f.code);

describe('36協定 limits by the system in force', () => {
  it('1年単位の変形 over 3 months: 43 h passes the 42 h limit (and the alert cut to 42 h); 通常 does not', () => {
    expect(codes([m('2026-04', 43)])).toEqual([]);
    const yearly = { system: 'yearly_variable' as const, periodMonths: 12 };
    const r = checkAgreement({ months: [m('2026-04', 43, yearly)] });
    expect(r.findings.map((f) => [f.code, f.limit])).toEqual([
      ['alert_limit', 42 * H],
      ['monthly_45h', 42 * H],
    ]);
    expect(r.findings[1]!.message).toContain('36協定の月の限度時間（42時間）');
    // 42 h exactly is within.
    expect(codes([m('2026-04', 42, yearly)])).toEqual([]);
  });

  it('1年単位の変形 of 3 months or less keeps 45 h / 360 h', () => {
    expect(codes([m('2026-04', 43, { system: 'yearly_variable', periodMonths: 3 })])).toEqual([]);
  });

  it('1年単位の変形 over 3 months: the year passes 320 h', () => {
    const yearly = { system: 'yearly_variable' as const, periodMonths: 12 };
    const months = ['04', '05', '06', '07', '08', '09', '10', '11'].map((mm) => m(`2025-${mm}`, 41, yearly));
    // 8 × 41 h = 328 h > 320 h (and < 360 h, so 通常 would be fine).
    expect(checkAgreement({ months, agreementYearStart: '2025-04' }).findings.map((f) => f.code)).toEqual([
      'annual_360h',
    ]);
    const standard = months.map(({ system: _s, periodMonths: _p, ...rest }) => rest);
    expect(checkAgreement({ months: standard, agreementYearStart: '2025-04' }).findings).toEqual([]);
  });

  it('管理監督者: no 36協定 finding, whatever the figures; the 80 h notice still comes', () => {
    const manager = { system: 'manager' as const };
    expect(codes([m('2026-03', 120, manager), m('2026-04', 120, manager)])).toEqual([]);
    // April: 30 days → 40 h × 30 ÷ 7 = 171:25 (10,285 min); worked 260 h = 15,600 → 88:35 beyond.
    const r = checkAgreement({ months: [m('2026-04', 0, { ...manager, workedMinutes: 260 * H })] });
    expect(r.findings.map((f) => [f.code, f.value])).toEqual([['doctor_interview_80h', 260 * H - 10_285]]);
  });
});
