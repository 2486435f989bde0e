/**
 * Issue 15 item 2 through the API: working-time rules are versions from `effective_from`; saving one
 * today must not rewrite a past month's table, stored figures or CSV, and the stored figures of the
 * months from the version's first day are recomputed by a background job the screen can poll.
 *
 * Calendar (checked with `date`): 2026-06-15 and 2026-07-06 are Mondays. "Now" is Monday 6 July 2026,
 * 21:00 in Tokyo, so both days below are over. Each is 09:00–18:00: restraint 540, break 60 (the
 * company's two-tier rule, 拘束8:46以上で1:00), work 480 — exactly 8 h, never 法定外 by the day, and
 * one day a week is far below 40 h. With 所定 8:00 the 480 are all 所定内 (法内 0); with 所定 7:30
 * they are 450 所定内 + 30 法内 (beyond the schedule, within 8 h: 32条).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
const SETTING_DEFECT = '設定内容に不備があります。';
let tenant: TestTenant;
let admin: HttpClient;
let employeeId: string;
const realNow = clock.now;

const RULE = { fixed_hour: 8, fixed_minute: 0, over_hour: 8, over_minute: 0 };

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  employeeId = tenant.employees[0]!.id;
  clock.now = () => new Date('2026-07-06T12:00:00Z');
  const day = (date: string) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate: date,
    punchInAt: instantOf(date, 9, 0, 'Asia/Tokyo'),
    punchOutAt: instantOf(date, 18, 0, 'Asia/Tokyo'),
  });
  await db()
    .entities.AttendanceDay.put([day('2026-06-15'), day('2026-07-06')])
    .go();
});
afterAll(() => {
  clock.now = realNow;
});

/** Saves a working-time version of the tenant's department and waits for its recompute job. */
async function saveWorking(body: object) {
  const res = await admin.post('/api/v1/working_times', { ...RULE, department_id: tenant.departmentId, ...body });
  expect(res.status).toBe(200);
  const job = res.body.data.recompute;
  if (job) {
    const done = await pollUntil(
      async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0, finished_at: expect.any(String) });
  }
  return res.body.data;
}

const tableDay = async (month: number, date: string) =>
  (await admin.get(`/api/v1/timestamps?year=2026&month=${month}&id=${employeeId}`)).body.data.days.find(
    (d: { date: string }) => d.date === date,
  );
const stored = async (month: string) =>
  (await db().entities.WorkSummary.get({ companyId: tenant.companyId, month, employeeId }).go()).data;

async function juneCsv(): Promise<string[]> {
  const started = await admin.post('/api/v1/attendance_exports', {
    start_year: 2026,
    start_month: 6,
    start_day: 1,
    end_year: 2026,
    end_month: 6,
    end_day: 30,
  });
  expect(started.status).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  const bytes = Buffer.from(await (await fetch(job.download_url)).arrayBuffer());
  return bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
}

describe('working-time rule versions', () => {
  let csvBefore: string[];

  it('a version from 1 June recomputes June and July in the background: 480 所定内, 0 法内', async () => {
    const saved = await saveWorking({ effective_from: '2026-06-01' });
    expect(saved).toMatchObject({
      level: 'department',
      effective_from: '2026-06-01',
      recompute: { status: 'pending', from_month: '2026-06', to_month: '2026-07' },
    });
    expect(await tableDay(6, '2026-06-15')).toMatchObject({ worked_minutes: 480, scheduled_overtime_minutes: 0 });
    expect(await stored('2026-06')).toMatchObject({ workedMinutes: 480, scheduledOvertimeMinutes: 0 });
    expect(await stored('2026-07')).toMatchObject({ workedMinutes: 480, scheduledOvertimeMinutes: 0 });
    csvBefore = await juneCsv();
    const row = csvBefore.find((l) => l.startsWith(employeeId) && l.includes('2026-06-15'))!.split(',');
    // 休憩, 労働時間, 法内残業, 法定外残業
    expect(row.slice(10, 14)).toEqual(['1:00', '8:00', '0:00', '0:00']);
  });

  it('saving 7:30 today leaves June as it was (table, stored figures, CSV); this month uses 7:30', async () => {
    const saved = await saveWorking({ fixed_hour: 7, fixed_minute: 30 });
    expect(saved).toMatchObject({
      effective_from: '2026-07-06',
      rule: { fixed_hour: 7, fixed_minute: 30 },
      recompute: { from_month: '2026-07', to_month: '2026-07' },
    });
    expect(await tableDay(6, '2026-06-15')).toMatchObject({ worked_minutes: 480, scheduled_overtime_minutes: 0 });
    expect(await stored('2026-06')).toMatchObject({ workedMinutes: 480, scheduledOvertimeMinutes: 0 });
    expect(await juneCsv()).toEqual(csvBefore);
    // 6 July, the version's first day: 450 所定内 + 30 法内.
    expect(await tableDay(7, '2026-07-06')).toMatchObject({ worked_minutes: 480, scheduled_overtime_minutes: 30 });
    expect(await stored('2026-07')).toMatchObject({ workedMinutes: 480, scheduledOvertimeMinutes: 30 });
  });

  it('GET ?on= answers the version in force that day and the pair’s history, newest first', async () => {
    const q = `department_id=${tenant.departmentId}&employment_status_id=`;
    const june = (await admin.get(`/api/v1/working_times?${q}&on=2026-06-15`)).body.data;
    expect(june).toMatchObject({
      on: '2026-06-15',
      effective_from: '2026-06-01',
      level: 'department',
      rule: { fixed_hour: 8, fixed_minute: 0 },
    });
    expect(june.history.map((h: { effective_from: string }) => h.effective_from)).toEqual(['2026-07-06', '2026-06-01']);
    expect(june.history[0]).toMatchObject({
      rule: { fixed_hour: 7, fixed_minute: 30 },
      updated_at: expect.any(String),
    });
    const now = (await admin.get(`/api/v1/working_times?${q}`)).body.data;
    expect(now).toMatchObject({ on: '2026-07-06', effective_from: '2026-07-06', rule: { fixed_minute: 30 } });
    // Before the first version nothing of the pair applies.
    expect((await admin.get(`/api/v1/working_times?${q}&on=2026-05-31`)).body.data).toMatchObject({
      level: null,
      rule: null,
      effective_from: null,
    });
  });

  it('saving again for a day that has a version replaces it; a later version waits for its day', async () => {
    await saveWorking({ fixed_hour: 7, fixed_minute: 45, effective_from: '2026-07-06' });
    const next = await saveWorking({ fixed_hour: 7, fixed_minute: 0, effective_from: '2026-08-01' });
    // Nothing stored can change before August: no job.
    expect(next.recompute).toBeNull();
    const q = `department_id=${tenant.departmentId}&employment_status_id=`;
    const now = (await admin.get(`/api/v1/working_times?${q}`)).body.data;
    expect(now.rule).toMatchObject({ fixed_hour: 7, fixed_minute: 45 });
    expect(now.history.map((h: { effective_from: string }) => h.effective_from)).toEqual([
      '2026-08-01',
      '2026-07-06',
      '2026-06-01',
    ]);
    expect(await stored('2026-07')).toMatchObject({ scheduledOvertimeMinutes: 15 });
  });

  it.each([
    ['working_times', { ...RULE }],
    ['break_times', { condition_hour: 6, condition_minute: 0, break_hour: 1, break_minute: 0 }],
  ])('a bad effective_from on %s → 400 with a field error and no write', async (path, body) => {
    const before = await tableSnapshot(stack.tableName);
    for (const effective_from of ['2026-13-01', '2026/07/01', '']) {
      const res = await admin.post(`/api/v1/${path}`, {
        ...body,
        department_id: tenant.departmentId,
        effective_from,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SETTING_DEFECT);
      expect(JSON.stringify(res.body)).toContain('effective_from');
    }
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    const bad = await admin.get(`/api/v1/${path}?department_id=${tenant.departmentId}&on=2026-02-30`);
    expect(bad.status).toBe(400);
  });

  it('a recompute job of another company is a 404', async () => {
    const other = await createTenant({ employees: 0 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const saved = await admin.post('/api/v1/working_times', {
      ...RULE,
      department_id: tenant.departmentId,
      effective_from: '2026-07-06',
    });
    expect((await otherAdmin.get(`/api/v1/recompute_jobs/${saved.body.data.recompute.id}`)).status).toBe(404);
  });
});
