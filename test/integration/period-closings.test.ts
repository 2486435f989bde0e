/**
 * Issue 15, closing a payroll period (締め): the 締め日 setting (GET/PUT /api/v1/payroll_period), closing
 * (POST /api/v1/period_closings, a background job that freezes every employee's figures and the CSV),
 * reopening with a reason (DELETE /api/v1/period_closings/{period}), and the frozen CSV: an export of a
 * closed period returns the bytes stored at closing even after a rule changes the live figures.
 */
import { ja } from '../../functions/shared/i18n/catalogues/ja.js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { frozenTotals, getObject } from '../../functions/services/period-snapshot.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
import type { PeriodClosingView } from '../../functions/api/period-closings/views.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { periodClosingsAfterRefresh } from '../support/period-closings.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
const realNow = clock.now;
// 2026-11-10 12:00 in Tokyo: October (末日締め: 10月1日〜10月31日) has ended, November has not.
const NOW = '2026-11-10T03:00:00Z';

beforeAll(async () => {
  clock.now = () => new Date(NOW);
  tenant = await createTenant({ employees: 2, name: '締め株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  const day = (employeeId: string, date: string, inH: number, outH: number | null) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate: date,
    punchInAt: instantOf(date, inH, 0, 'Asia/Tokyo'),
    ...(outH === null ? {} : { punchOutAt: instantOf(date, outH, 0, 'Asia/Tokyo') }),
  });
  await db()
    .entities.AttendanceDay.put([
      day(a, '2026-10-01', 9, 18),
      day(a, '2026-10-02', 9, 18),
      day(a, '2026-10-05', 9, null), // 出勤 without 退勤
      day(b, '2026-10-01', 9, 18),
      // B's leave: 2 hours of 時間単位 有給 then 13:00–17:00 worked; 午前半休 then 14:00–18:00 worked;
      // a day of 代休. Both worked days are 4 h (no break needed, none deemed).
      { ...day(b, '2026-10-06', 13, 17), leaveType: 0, leaveUnit: 'hours' as const, leaveHours: 2 },
      { ...day(b, '2026-10-07', 14, 18), leaveType: 0, leaveUnit: 'am' as const, leaveDays: 0.5 },
      { companyId: tenant.companyId, employeeId: b, workDate: '2026-10-08', leaveType: 1, leaveDays: 1 },
    ])
    .go();
  // An unapproved overtime request dated in October (the pending partition the checklist reads).
  await db()
    .entities.PendingRequest.put({
      companyId: tenant.companyId,
      requestId: newId(),
      kind: 'over_work',
      date: '2026-10-02',
      employeeId: b,
      employeeName: tenant.employees[1]!.name,
      createdAt: '2026-10-02T10:00:00.000Z',
    })
    .go();
  await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 10);
});
afterAll(() => {
  clock.now = realNow;
});

async function exportBytes(body: object): Promise<Buffer> {
  const started = await admin.post('/api/v1/attendance_exports', body);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  expect(job.status).toBe('done');
  return Buffer.from(await (await fetch(job.download_url)).arrayBuffer());
}

const periodOf = async (client: HttpClient, id: string) =>
  ((await client.get('/api/v1/period_closings')).body.data.periods as { id: string; status: string }[]).find(
    (p) => p.id === id,
  );

describe('締め日 and the closing checklist', () => {
  it('refuses the employee role on every route', async () => {
    for (const [method, path, body] of [
      ['get', '/api/v1/payroll_period', undefined],
      ['put', '/api/v1/payroll_period', { closing_day: 20 }],
      ['get', '/api/v1/period_closings', undefined],
      ['post', '/api/v1/period_closings/refresh', {}],
      ['post', '/api/v1/period_closings', { period: '2026-10' }],
      ['delete', '/api/v1/period_closings/2026-10', { reason: '確認' }],
    ] as const) {
      const res = await (staff[method] as (p: string, b?: unknown) => Promise<{ status: number }>)(path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists the current period and the twelve before it; the checklist of the last ended one', async () => {
    // The checklist's staff-wide lists come from its digest: 再集計, then read until it is built.
    const res = await periodClosingsAfterRefresh(admin);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ as_of: NOW.replace('Z', '.000Z'), refreshing: false });
    expect(data.periods).toHaveLength(13);
    expect(data.periods[0]).toMatchObject({ id: '2026-11', from: '2026-11-01', to: '2026-11-30', ended: false });
    expect(data.periods[1]).toMatchObject({
      id: '2026-10',
      from: '2026-10-01',
      to: '2026-10-31',
      status: 'open',
      ended: true,
      label: '2026年10月度（10月1日〜10月31日）',
    });
    expect(data.selected).toBe('2026-10');
    const [, b] = tenant.employees;
    expect(data.checklist.unapproved_requests).toEqual([
      { date: '2026-10-02', kind: 'over_work', employee_id: b!.id, employee_name: b!.name },
    ]);
    expect(data.checklist.missing_punches).toEqual([
      { employee_id: tenant.employees[0]!.id, name: tenant.employees[0]!.name, days: 1, months: ['2026-10'] },
    ]);
    expect(data.checklist).toMatchObject({
      missing_punches_total: 1,
      agreement_findings: [],
      agreement_findings_total: 0,
      schedule_findings_total: data.checklist.schedule_findings.length,
    });
    expect(data.checklist.clean).toBe(false);
  });

  it('refuses bad input with field errors and an unfinished period, writing nothing', async () => {
    const before = await tableSnapshot(stack.tableName);
    for (const body of [{}, { period: '2026-13' }, { period: '202610' }, { period: '2026-10', x: 1 }]) {
      const res = await admin.post('/api/v1/period_closings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await admin.post('/api/v1/period_closings', { period: 'x' });
    expect(bad.body.errors.period).toEqual([ja['period.choose']]);
    const future = await admin.post('/api/v1/period_closings', { period: '2026-11' });
    expect(future.status).toBe(409);
    expect(future.body.message).toBe(
      '2026年11月度（11月1日〜11月30日）はまだ終わっていないため締められません。11月30日の翌日以降に締めてください。',
    );
    for (const body of [{ closing_day: 29 }, { closing_day: -1 }, { closing_day: '20' }, { closing_day: 1.5 }]) {
      const res = await admin.put('/api/v1/payroll_period', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.closing_day).toEqual(['締め日は末日または1〜28日から選択してください']);
    }
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });
});

describe('closing a period', () => {
  let sha: string;
  let stored: Buffer;

  it('closes in the background: closing, then closed with progress, the CSV hash and the snapshot', async () => {
    const res = await admin.post('/api/v1/period_closings', { period: '2026-10' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: '2026-10', status: 'closing' });
    const closed = await pollUntil(
      async () =>
        ((await admin.get('/api/v1/period_closings?period=2026-10')).body.data.periods as PeriodClosingView[])[1]!,
      (p) => p.status !== 'closing',
    );
    expect(closed).toMatchObject({
      status: 'closed',
      progress: { done: 2, total: 2 },
      employee_count: 2,
      missing_punch_days: 1,
      // No break rule and no punched break: no break is deemed (issue 29), so each of the three 9 h days
      // is 540 worked and 60 short of 34条 (work over 8 h needs 60): three days counted.
      break_short_days: 3,
    });
    expect(closed.closed_at).toEqual(expect.any(String));
    const { data: item } = await db()
      .entities.PeriodClosing.get({ companyId: tenant.companyId, period: '2026-10' })
      .go();
    stored = await getObject(item!.csvKey!);
    sha = createHash('sha256').update(stored).digest('hex');
    expect(closed.csv_sha256).toBe(sha);

    // Frozen totals: 2 days of 9:00–18:00 with no break given (540 min each) = 1080 for A; the 10/5
    // without 退勤 is counted incomplete, not worked. B: 540 + two 4-hour days (240 + 240) = 1020 over 3
    // days; leave by type: 有給 0.5 day (午前半休; hours count no day, 39条) and 2 hours, 代休 1 day.
    const totals = await frozenTotals(tenant.companyId, '2026-10');
    const [a, b] = tenant.employees;
    expect(totals!.get(a!.id)).toMatchObject({ workedMinutes: 1080, workDays: 2, incompleteDays: 1 });
    expect(totals!.get(b!.id)).toMatchObject({
      workedMinutes: 1020,
      workDays: 3,
      incompleteDays: 0,
      leaveDays: 1.5,
      paidLeaveDays: 0.5,
      paidLeaveHours: 2,
      substituteLeaveDays: 1,
      transferHolidayDays: 0,
      // 60 法定外 (10/1 past 8 h), far below 60 h; the company has no 1か月単位の端数処理.
      overtimeOver60Minutes: 0,
      rounded30: null,
    });
    expect(await frozenTotals(tenant.companyId, '2026-09')).toBeNull();

    const again = await admin.post('/api/v1/period_closings', { period: '2026-10' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('2026年10月度（10月1日〜10月31日）はすでに締め済みです。');
  });

  it('exports the closed period as the bytes stored at closing, also after a rule changes the figures', async () => {
    expect(await exportBytes({ period: '2026-10' })).toEqual(stored);
    const range = { start_year: 2026, start_month: 10, start_day: 1, end_year: 2026, end_month: 10, end_day: 31 };
    const before = await exportBytes(range);
    expect(before).toEqual(stored);

    // A rule change written straight to the table (as a change bypassing the closed-period guard would):
    // 所定 7 h, so each 9:00–18:00 day now has 60 min of 法内残業 in a live computation.
    await db()
      .entities.Rule.put({
        companyId: tenant.companyId,
        ruleType: 'working',
        departmentId: '-',
        employmentStatusId: '-',
        effectiveFrom: '2026-01-01',
        fixedMinutes: 420,
        overMinutes: 0,
      })
      .go();
    const live = await exportBytes({ ...range, end_day: 30 });
    // 10/1 under the 7:00 rule: 540 worked (no break given) = 420 所定内 + 60 法内 + 60 法定外.
    expect(live.toString('utf8')).toContain('2026-10-01,木,,09:00,18:00,0:00,9:00,1:00,1:00');

    const after = await exportBytes({ period: '2026-10' });
    expect(after).toEqual(stored);
    expect(createHash('sha256').update(after).digest('hex')).toBe(sha);
    expect(after.toString('utf8')).toContain('2026-10-01,木,,09:00,18:00,0:00,9:00,0:00,1:00');
    // A staff filter: that employee's rows as stored at closing.
    const one = (await exportBytes({ period: '2026-10', id: tenant.employees[1]!.id })).toString('utf8');
    expect(one.trimEnd().split('\r\n')).toHaveLength(32);
    expect(one).toContain(`${tenant.employees[1]!.id},`);
    expect(one).not.toContain(`${tenant.employees[0]!.id},`);
  });

  it('refuses a 締め日 version effective on or before a closed day, and saves one after it', async () => {
    const refused = await admin.put('/api/v1/payroll_period', { closing_day: 20, effective_from: '2026-10-15' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.effective_from).toEqual([
      '2026年10月度（10月1日〜10月31日）は締め済みです。適用開始日は10月31日より後の日付にしてください。',
    ]);
    const saved = await admin.put('/api/v1/payroll_period', { closing_day: 20, effective_from: '2026-11-01' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      on: '2026-11-01',
      in_force: { effective_from: '2026-11-01', closing_day: 20 },
      closing_day: 20,
      period: { id: '2026-11', from: '2026-11-01', to: '2026-11-20' },
    });
    const got = (await admin.get('/api/v1/payroll_period?on=2026-12-05')).body.data;
    expect(got.period).toMatchObject({ id: '2026-12', from: '2026-11-21', to: '2026-12-20' });
    expect(got.history.map((v: { closing_day: number }) => v.closing_day)).toEqual([20]);
    expect((await admin.get('/api/v1/payroll_period?on=2026-10-10')).body.data).toMatchObject({
      in_force: null,
      closing_day: 0,
      period: { id: '2026-10', from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('keeps another company out: its list shows nothing of A, it cannot reopen A', async () => {
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await periodOf(otherAdmin, '2026-10'))!.status).toBe('open');
    const res = await otherAdmin.delete('/api/v1/period_closings/2026-10', { reason: '他社' });
    expect(res.status).toBe(404);
    expect((await periodOf(admin, '2026-10'))!.status).toBe('closed');
    expect(await frozenTotals(other.companyId, '2026-10')).toBeNull();
  });

  it('reopens only with a reason, then exports live figures again; both steps are audited', async () => {
    for (const body of [{}, { reason: '' }, { reason: '　' }, { reason: 'あ'.repeat(201) }]) {
      const res = await admin.delete('/api/v1/period_closings/2026-10', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.reason).toEqual([
        body.reason && body.reason.length > 1
          ? '解除の理由は200文字以内で入力してください'
          : '解除の理由を入力してください',
      ]);
    }
    expect((await admin.delete('/api/v1/period_closings/2026-09', { reason: '確認' })).status).toBe(404);
    const res = await admin.delete('/api/v1/period_closings/2026-10', { reason: '打刻漏れの修正のため' });
    expect(res.status).toBe(200);
    const p = (
      (await admin.get('/api/v1/period_closings?period=2026-10')).body.data.periods as PeriodClosingView[]
    ).find((x) => x.id === '2026-10')!;
    expect(p).toMatchObject({ status: 'reopened', reopen_reason: '打刻漏れの修正のため' });
    const twice = await admin.delete('/api/v1/period_closings/2026-10', { reason: '再度' });
    expect(twice.status).toBe(409);
    expect(await frozenTotals(tenant.companyId, '2026-10')).toBeNull();
    // Reopened: the export computes again, under the rule written above (60 min 法内 on 10/1).
    expect((await exportBytes({ period: '2026-10' })).toString('utf8')).toContain(
      '2026-10-01,木,,09:00,18:00,0:00,9:00,1:00,1:00',
    );

    const audit = JSON.stringify((await admin.get('/api/v1/audit_events')).body);
    expect(audit).toContain('period.close');
    expect(audit).toContain('period.reopen');
    expect(audit).toContain('打刻漏れの修正のため');
    expect(audit).toContain('settings.payroll_period');
  });
});
