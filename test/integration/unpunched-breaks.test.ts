/**
 * Issue 29 items 3 and 4, as the employee and the admin meet them through the API: the engine never
 * invents break time (LABOUR-LAW.md "Breaks", corrected 2026-11-28). A day without punched breaks takes
 * the company's rule or pattern break as it is — or none, as the company chose on the break rule
 * (休憩時間設定 `unpunched_breaks`, per department × employment status, effective-dated) — and a break
 * short of 34条 for the day's work is flagged 休憩不足 with its minutes instead of being raised. A
 * correction's `breaks: []` records that no break was taken. 管理監督者 (41条) have no 34条 minimum.
 *
 * Every figure is derived by hand from LABOUR-LAW.md (34条: work over 6 h needs 45 minutes of break,
 * over 8 h 60), in the comments beside it. October 2026 is before the suite's clock (2026-11-25 unless
 * KINTAI_TEST_TODAY says otherwise, never earlier than November), so its days are over and open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { tokyo } from '../support/test-clock.js';

const stack = useTestStack();

const iso = (date: string, hhmm: string) => tokyo(date, hhmm).toISOString();

type DayRow = {
  date: string;
  worked_minutes: number | null;
  break_minutes: number;
  break_shortfall_minutes: number;
  statutory_overtime_minutes: number;
  flags: string[];
  explanation: { code: string; params: Record<string, unknown>; message: string }[];
};

async function monthRow(client: HttpClient, date: string): Promise<DayRow> {
  const res = await client.get(`/api/v1/timestamps?year=${date.slice(0, 4)}&month=${Number(date.slice(5, 7))}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.days.find((d: DayRow) => d.date === date);
}

const putDay = (t: TestTenant, employee: number, workDate: string, day: Record<string, unknown>) =>
  db()
    .entities.AttendanceDay.put({ companyId: t.companyId, employeeId: t.employees[employee]!.id, workDate, ...day })
    .go();

/** 拘束6:01以上で0:45 (one tier), for the tenant's employment status, from 1 October. */
const singleTier = (t: TestTenant, extra: Record<string, unknown> = {}) => ({
  employment_status_id: t.employmentStatusId,
  condition_hour: 6,
  condition_minute: 1,
  break_hour: 0,
  break_minute: 45,
  effective_from: '2026-10-01',
  ...extra,
});

async function waitForJob(admin: HttpClient, job: { id: string } | null) {
  if (!job) return;
  await pollUntil(
    async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
}

describe('no break is invented for a day without punched breaks (issue 29 item 3)', () => {
  let t: TestTenant;
  let me: HttpClient;
  beforeAll(async () => {
    t = await createTenant({ employees: 1 });
    me = await signIn(stack.baseUrl, 'employee', t.employees[0]!);
  });

  it('09:00–15:01 with no punched break, no pattern and no rule is 6:01 of work, 45 short of 34条', async () => {
    // Fri 2 October. 拘束 361 minutes; nothing gives a break → 361 worked (the filed case showed 360
    // with 「34条の最低基準により1分」). Work 6:01 > 6 h needs 45, given 0 → shortfall 45, flagged.
    await putDay(t, 0, '2026-10-02', { punchInAt: iso('2026-10-02', '09:00'), punchOutAt: iso('2026-10-02', '15:01') });
    const row = await monthRow(me, '2026-10-02');
    expect([row.worked_minutes, row.break_minutes, row.break_shortfall_minutes]).toEqual([361, 0, 45]);
    expect(row.flags).toContain('break_below_legal');
    expect(row.explanation.map((l) => l.message)).toContain('休憩: 0分（休憩ルール(既定値): なし）');
    expect(row.explanation.map((l) => l.message)).toContain(
      '注意: 休憩0分は労働6:01に対し労働基準法34条の最低基準（労働6時間超は45分・8時間超は60分）に45分不足（休憩を補わず労働時間として計上）',
    );
  });

  it('拘束 6:01 and 8:46 get no deemed break of 1 and 46 minutes', async () => {
    // Mon 5 October 09:00–15:01 → 361 worked, 45 short; Tue 6 October 09:00–17:46 → 526 worked
    // (480 所定内 + 46 法定外), over 8 h → 60 short.
    await putDay(t, 0, '2026-10-05', { punchInAt: iso('2026-10-05', '09:00'), punchOutAt: iso('2026-10-05', '15:01') });
    await putDay(t, 0, '2026-10-06', { punchInAt: iso('2026-10-06', '09:00'), punchOutAt: iso('2026-10-06', '17:46') });
    const a = await monthRow(me, '2026-10-05');
    const b = await monthRow(me, '2026-10-06');
    expect([a.worked_minutes, a.break_minutes, a.break_shortfall_minutes]).toEqual([361, 0, 45]);
    expect([b.worked_minutes, b.break_minutes, b.statutory_overtime_minutes, b.break_shortfall_minutes]).toEqual([
      526, 0, 46, 60,
    ]);
    // The month counts the three days 休憩不足.
    const month = await me.get('/api/v1/timestamps?year=2026&month=10');
    expect(month.body.data.totals.break_below_legal_days).toBe(3);
  });
});

describe('the company chooses what a day without punched breaks takes (休憩時間設定)', () => {
  let t: TestTenant;
  let me: HttpClient;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await createTenant({ employees: 1 });
    me = await signIn(stack.baseUrl, 'employee', t.employees[0]!);
    admin = await signIn(stack.baseUrl, 'admin', t.admin);
  });

  it('by default the rule’s break is taken as it is: 拘束 9:00 with 45 → 8:15 of work, 15 法定外, 15 short', async () => {
    const saved = await admin.post('/api/v1/break_times', singleTier(t));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.rule).toMatchObject({ break_minute: 45, unpunched_breaks: 'rule' });
    await waitForJob(admin, saved.body.data.recompute);
    // Wed 7 October 09:00–18:00: 拘束 540 ≥ 361 → 45 → work 495 = 480 所定内 + 15 法定外; 495 > 8 h needs
    // 60 → 60 − 45 = 15 short (LABOUR-LAW.md's example).
    await putDay(t, 0, '2026-10-07', { punchInAt: iso('2026-10-07', '09:00'), punchOutAt: iso('2026-10-07', '18:00') });
    const row = await monthRow(me, '2026-10-07');
    expect([row.worked_minutes, row.break_minutes, row.statutory_overtime_minutes]).toEqual([495, 45, 15]);
    expect([row.break_shortfall_minutes, row.flags.includes('break_below_legal')]).toEqual([15, true]);
    expect(row.explanation.map((l) => l.message)).toContain(
      '休憩の打刻なし: 休憩ルール(雇用形態)の設定により休憩ルール・勤務パターンの休憩を適用（法定の最低基準まで引き上げない）',
    );
  });

  it('「休憩なしとして計算する」 from a later day: no break deemed there, the earlier day keeps the rule', async () => {
    // A version from 8 October with unpunched_breaks 'none'. Thu 8 October 09:00–18:00: no break deemed
    // → 540 worked = 480 所定内 + 60 法定外; 540 > 8 h needs 60 → 60 short. The 7th keeps 495 (the
    // version in force on it takes the rule).
    const saved = await admin.post('/api/v1/break_times', {
      ...singleTier(t, { effective_from: '2026-10-08' }),
      unpunched_breaks: 'none',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.rule.unpunched_breaks).toBe('none');
    expect(saved.body.data.history.map((v: { rule: { unpunched_breaks: string } }) => v.rule.unpunched_breaks)).toEqual(
      ['none', 'rule'],
    );
    await waitForJob(admin, saved.body.data.recompute);
    await putDay(t, 0, '2026-10-08', { punchInAt: iso('2026-10-08', '09:00'), punchOutAt: iso('2026-10-08', '18:00') });
    const row = await monthRow(me, '2026-10-08');
    expect([row.worked_minutes, row.break_minutes, row.statutory_overtime_minutes]).toEqual([540, 0, 60]);
    expect(row.break_shortfall_minutes).toBe(60);
    expect(row.explanation.map((l) => l.message)).toContain(
      '休憩の打刻なし: 休憩ルール(雇用形態)の設定により休憩なしとして計算（休憩ルール・勤務パターンの休憩をみなさない）',
    );
    expect((await monthRow(me, '2026-10-07')).worked_minutes).toBe(495);
    const read = await admin.get(`/api/v1/break_times?employment_status_id=${t.employmentStatusId}&on=2026-10-08`);
    expect(read.body.data.rule.unpunched_breaks).toBe('none');
  });

  it('a punched break is used as punched whatever the choice', async () => {
    // Fri 9 October 09:00–18:00 with 12:00–12:50 punched: 50 break → 490 worked (480 + 10 法定外);
    // 490 > 8 h needs 60 → 10 short.
    await putDay(t, 0, '2026-10-09', {
      punchInAt: iso('2026-10-09', '09:00'),
      punchOutAt: iso('2026-10-09', '18:00'),
      breaks: [{ startAt: iso('2026-10-09', '12:00'), endAt: iso('2026-10-09', '12:50') }],
    });
    const row = await monthRow(me, '2026-10-09');
    expect([row.worked_minutes, row.break_minutes, row.break_shortfall_minutes]).toEqual([490, 50, 10]);
  });

  it('refuses a choice it does not know with a field error, and writes nothing', async () => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.post('/api/v1/break_times', { ...singleTier(t), unpunched_breaks: 'legal_minimum' });
    expect(res.status).toBe(400);
    expect(res.body.errors.unpunched_breaks).toEqual(['休憩の打刻がない日の扱いを選択してください']);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('a correction with breaks: [] records that no break was taken', () => {
  let t: TestTenant;
  let me: HttpClient;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await createTenant({ employees: 1 });
    me = await signIn(stack.baseUrl, 'employee', t.employees[0]!);
    admin = await signIn(stack.baseUrl, 'admin', t.admin);
    // The company's lawful two-tier rule: 拘束6:01以上で0:45、拘束8:46以上で1:00.
    const saved = await admin.post('/api/v1/break_times', {
      ...singleTier(t),
      tier2_condition_hour: 8,
      tier2_condition_minute: 46,
      tier2_break_hour: 1,
      tier2_break_minute: 0,
    });
    expect(saved.status).toBe(200);
    await waitForJob(admin, saved.body.data.recompute);
  });

  it('the rule’s break is no longer deducted; the old meaning of an empty list stays for old items', async () => {
    // Mon 12 October 09:00–18:00, no punched break: the rule's 60 (540 ≥ 526) → 480 worked, lawful.
    await putDay(t, 0, '2026-10-12', { punchInAt: iso('2026-10-12', '09:00'), punchOutAt: iso('2026-10-12', '18:00') });
    expect((await monthRow(me, '2026-10-12')).worked_minutes).toBe(480);
    // The employee corrects the day: no break was taken (breaks: []). Recorded: 540 worked = 480 所定内
    // + 60 法定外, 60 short of 34条 (540 > 8 h).
    const res = await me.post('/api/v1/modify_timestamps', {
      year: 2026,
      month: 10,
      day: 12,
      punch_in_at: null,
      punch_out_at: null,
      reason: '休憩を取れなかった',
      breaks: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await db()
      .entities.AttendanceDay.get({ companyId: t.companyId, employeeId: t.employees[0]!.id, workDate: '2026-10-12' })
      .go();
    expect(stored.data).toMatchObject({ breaks: [], breaksRecorded: true });
    const shown = await me.get('/api/v1/modify_timestamp?year=2026&month=10&day=12');
    expect(shown.body.data).toMatchObject({ breaks: [], breaks_recorded: true });
    const row = await monthRow(me, '2026-10-12');
    expect([row.worked_minutes, row.break_minutes, row.statutory_overtime_minutes]).toEqual([540, 0, 60]);
    expect(row.break_shortfall_minutes).toBe(60);
    expect(row.explanation.map((l) => l.message)).toContain(
      '休憩（打刻修正）: なし、労働9:00（休憩を取らなかった記録どおり）',
    );
    // An item stored before the mark existed, with an empty list: "not punched", the rule's 60 → 480.
    await putDay(t, 0, '2026-10-13', {
      punchInAt: iso('2026-10-13', '09:00'),
      punchOutAt: iso('2026-10-13', '18:00'),
      breaks: [],
    });
    expect((await monthRow(me, '2026-10-13')).worked_minutes).toBe(480);
  });
});

describe('管理監督者 have no 34条 minimum (issue 29 item 4)', () => {
  it('10 h with no break is 600 minutes, no 休憩不足; the company’s rule applies when it applies it', async () => {
    const t = await createTenant({ employees: 2 });
    const admin = await signIn(stack.baseUrl, 'admin', t.admin);
    const boss = await signIn(stack.baseUrl, 'employee', t.employees[0]!);
    const set = await admin.put('/api/v1/working_time_systems', {
      scope: 'employee',
      employee_id: t.employees[0]!.id,
      system: 'manager',
      effective_from: '2026-10-01',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await waitForJob(admin, set.body.data.recompute);
    // Wed 14 October 09:00–19:00 = 600 of 拘束, no break punched, no rule: 600 worked (the filed case
    // showed 540, 「34条の最低基準により60分」), no shortfall for a 管理監督者.
    await putDay(t, 0, '2026-10-14', { punchInAt: iso('2026-10-14', '09:00'), punchOutAt: iso('2026-10-14', '19:00') });
    const row = await monthRow(boss, '2026-10-14');
    expect([row.worked_minutes, row.break_minutes, row.break_shortfall_minutes]).toEqual([600, 0, 0]);
    expect(row.flags).not.toContain('break_below_legal');
    expect(row.explanation.map((l) => l.message)).toContain(
      '休憩: 管理監督者のため労働基準法34条の休憩の最低基準は適用しない（41条）',
    );
    // The company's rule (拘束6:01以上で0:45, taken on days without punched breaks) from the 15th:
    // Thu 15 October 09:00–19:00 → 600 ≥ 361 → 45 → 555 worked, still no shortfall.
    const saved = await admin.post('/api/v1/break_times', singleTier(t, { effective_from: '2026-10-15' }));
    expect(saved.status).toBe(200);
    await waitForJob(admin, saved.body.data.recompute);
    await putDay(t, 0, '2026-10-15', { punchInAt: iso('2026-10-15', '09:00'), punchOutAt: iso('2026-10-15', '19:00') });
    const ruled = await monthRow(boss, '2026-10-15');
    expect([ruled.worked_minutes, ruled.break_minutes, ruled.break_shortfall_minutes]).toEqual([555, 45, 0]);
    // The same day for an ordinary employee: 555 worked, 555 > 8 h needs 60 → 15 short, flagged.
    const staff = await signIn(stack.baseUrl, 'employee', t.employees[1]!);
    await putDay(t, 1, '2026-10-15', { punchInAt: iso('2026-10-15', '09:00'), punchOutAt: iso('2026-10-15', '19:00') });
    const ordinary = await monthRow(staff, '2026-10-15');
    expect([ordinary.worked_minutes, ordinary.break_shortfall_minutes]).toEqual([555, 15]);
  });
});
