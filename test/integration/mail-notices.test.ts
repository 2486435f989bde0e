/**
 * The scheduled notices (issue 18 item 6) through the daily job (runDailyRefresh, what the recompute
 * worker's schedule runs): a 出勤 without 退勤 mails the employee the next morning (not a night shift
 * still running), so does a scheduled working day without any punch or leave (欠勤), 36協定's alert limit mails the employee and the admins, a five-day duty behind pace
 * mails both; a rerun sends none of them again, and an opt-out is honoured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { setEmployeeMailOptOut } from '../../functions/db/mail.js';
import { insertGrant } from '../../functions/db/paid-leave.js';
import { runDailyRefresh } from '../../functions/services/daily-refresh.js';
import { clock } from '../../functions/shared/clock.js';
import { aprilGrant } from '../support/grants.js';
import { workingDays } from '../support/working-days.js';
import { mailsTo } from '../support/mail.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

useTestStack();

// 00:05 on Friday 20 November 2026 in Japan: the job's run for Thursday the 19th.
const NOW = new Date('2026-11-19T15:05:00Z');
const realNow = clock.now;
let tenant: TestTenant;

beforeAll(async () => {
  clock.now = () => NOW;
  tenant = await createTenant({ employees: 5, name: '通知ジョブ株式会社' });
  const [forgot, nightShift, longHours, optedOut, absent] = tenant.employees.map((e) => e.id) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const { entities } = db();
  // The fifth employee has 日勤 9:00–18:00 as their own default from 1 November and no punch at all
  // on Thursday the 19th (a working day): 欠勤.
  await entities.WorkPatternItem.put({
    companyId: tenant.companyId,
    patternId: 'day',
    name: '日勤',
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.PatternAssignment.put({
    companyId: tenant.companyId,
    scope: 'employee',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: absent,
    effectiveFrom: '2026-11-01',
    patternId: 'day',
  }).go();
  const day = (employeeId: string, workDate: string, inAt: string, outAt?: string) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate,
    punchInAt: inAt,
    ...(outAt ? { punchOutAt: outAt } : {}),
  });
  const days = workingDays(2026, 11)
    .filter((d) => d < 19)
    .map((d) => `2026-11-${String(d).padStart(2, '0')}`);
  await entities.AttendanceDay.put([
    // 09:00 on the 19th, no 退勤: missed.
    day(forgot, '2026-11-19', '2026-11-19T00:00:00Z'),
    // 22:00 on the 19th, still at work at 00:05: not missed yet.
    day(nightShift, '2026-11-19', '2026-11-19T13:00:00Z'),
    // The opted-out employee forgot too.
    day(optedOut, '2026-11-19', '2026-11-19T00:00:00Z'),
    // 09:00–21:00 on every working day so far: well over an alert limit of 10 hours.
    ...days.map((d) => day(longHours, d, `${d}T00:00:00Z`, `${d}T12:00:00Z`)),
  ]).go();
  // A company still judged by its old alert (アラート設定, before 36協定 versions): 10 hours.
  await entities.Company.patch({ companyId: tenant.companyId }).set({ overtimeAlertMinutes: 600 }).go();
  // A statutory grant of 10 days on 1 April with none taken: behind the even pace by November.
  await insertGrant(aprilGrant(tenant.companyId, forgot));
  await setEmployeeMailOptOut(tenant.companyId, optedOut, ['missed_punch']);
});

afterAll(() => {
  clock.now = realNow;
});

describe('daily notices', () => {
  it('mails each notice once to the right people with the right link, and a rerun mails nothing more', async () => {
    const [forgot, nightShift, longHours, optedOut, absent] = tenant.employees;
    expect(await runDailyRefresh(NOW)).toMatchObject({ failed: [] });

    const [missed, ...moreMissed] = await mailsTo(forgot!.email, { subject: /打刻漏れ/ });
    expect(moreMissed).toEqual([]);
    expect(missed!.subject).toBe('【勤怠管理】2026年11月19日の打刻漏れ');
    expect(missed!.text).toContain('退勤の打刻がありません');
    expect(missed!.text).toContain('http://127.0.0.1:3000/employees/modify');
    expect(await mailsTo(nightShift!.email, { atLeast: 0 })).toEqual([]);
    // No punch at all on a scheduled day: the same notice, saying what to do either way; only for
    // yesterday, not for the earlier 欠勤 days of the month.
    const [noPunch, ...moreNoPunch] = await mailsTo(absent!.email, { subject: /打刻漏れ/ });
    expect(moreNoPunch).toEqual([]);
    expect(noPunch!.subject).toBe('【勤怠管理】2026年11月19日の打刻漏れ');
    expect(noPunch!.text).toContain('2026年11月19日は勤務予定日ですが、出勤・退勤の打刻がありません。');
    expect(noPunch!.text).toContain('休んだ場合は休暇を申請してください');
    expect(noPunch!.text).toContain('http://127.0.0.1:3000/employees/modify');
    expect(await mailsTo(optedOut!.email, { atLeast: 0 })).toEqual([]);

    const [overtime] = await mailsTo(longHours!.email, { subject: /36協定/ });
    expect(overtime!.subject).toBe('【勤怠管理】2026年11月の時間外労働が36協定の警告時間（10時間）に達しました');
    expect(overtime!.text).toContain('http://127.0.0.1:3000/employees/attendance');
    const toAdmin = await mailsTo(tenant.admin.email, { subject: /36協定|有給休暇/, atLeast: 2 });
    expect(toAdmin.map((m) => m.subject)).toHaveLength(2);
    expect(toAdmin.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `【勤怠管理】${longHours!.name}さんの2026年11月の時間外労働が36協定の警告時間（10時間）に達しました`,
        `【勤怠管理】${forgot!.name}さんの有給休暇の取得が遅れています`,
      ]),
    );
    expect(toAdmin.find((m) => m.subject.includes('有給休暇'))!.text).toContain(
      'http://127.0.0.1:3000/management/paid_leave',
    );

    const [pace] = await mailsTo(forgot!.email, { subject: /有給休暇の取得が遅れています/ });
    expect(pace!.text).toContain('取得済み・予定: 0日 / 5日（期限: 2027年3月31日）');

    const counts = async () =>
      Promise.all(
        [forgot, longHours, absent, tenant.admin].map(async (u) => (await mailsTo(u!.email, { atLeast: 0 })).length),
      );
    const before = await counts();
    expect(await runDailyRefresh(NOW)).toMatchObject({ failed: [] });
    expect(await counts()).toEqual(before);
  });
});
