/**
 * Issue 16 item 1: work patterns (GET/POST/PUT/DELETE /api/v1/work_patterns), their default
 * assignments (GET/PUT /api/v1/work_pattern_assignments) and the work settings (GET/PUT
 * /api/v1/work_settings): clock-form times with 夜勤 ending on the next day, field errors, versions,
 * soft delete, tenancy, the employee role refused, closed periods refused and the background
 * recompute of every figure-changing save. "Today" is Monday 10 August 2026 in Tokyo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_PATTERN_MESSAGES } from '../../functions/api/work-patterns/pattern-routes.js';
import { findPeriodClosing, putPeriodClosing } from '../../functions/db/period-closings.js';
import { engineSchedule, scheduleSettings } from '../../functions/db/schedules.js';
import { db } from '../../functions/db/service.js';
import { PATTERN_MESSAGES } from '../../functions/domain/work-patterns.js';
import { clock } from '../../functions/shared/clock.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
const realNow = clock.now;
const ids: Record<string, string> = {};

const NIGHT = {
  name: '夜勤',
  start_time: '22:00',
  end_time: '07:00',
  crosses_midnight: true,
  breaks: [{ start_time: '02:00', end_time: '03:00' }],
};
const DAY = {
  name: '日勤',
  start_time: '09:00',
  end_time: '18:00',
  crosses_midnight: false,
  breaks: [{ start_time: '12:00', end_time: '13:00' }],
};

beforeAll(async () => {
  clock.now = () => new Date('2026-08-10T03:00:00Z');
  tenant = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});
afterAll(() => {
  clock.now = realNow;
});

const finished = (id: string) =>
  pollUntil(
    async () => (await admin.get(`/api/v1/recompute_jobs/${id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );

describe('work patterns', () => {
  it('creates a night pattern ending the next day, stored in minutes past 24:00', async () => {
    const res = await admin.post('/api/v1/work_patterns', NIGHT);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ ...NIGHT, id: expect.any(String), work_minutes: 480, deleted: false });
    ids.night = res.body.data.id;
    const { data } = await db()
      .entities.WorkPatternItem.get({ companyId: tenant.companyId, patternId: ids.night! })
      .go();
    expect(data).toMatchObject({
      startMinute: 1320,
      endMinute: 1860,
      breakWindows: [{ startMinute: 1560, endMinute: 1620 }],
    });
  });

  it('lists the live patterns earliest start first, with work minutes (scheduled − breaks)', async () => {
    const day = await admin.post('/api/v1/work_patterns', DAY);
    expect(day.status).toBe(201);
    ids.day = day.body.data.id;
    const early = await admin.post('/api/v1/work_patterns', {
      name: '早番',
      start_time: '07:00',
      end_time: '16:00',
      crosses_midnight: false,
      breaks: [{ start_time: '11:00', end_time: '12:00' }],
    });
    ids.early = early.body.data.id;
    const list = (await admin.get('/api/v1/work_patterns')).body.data;
    expect(list.map((p: { name: string; work_minutes: number }) => [p.name, p.work_minutes])).toEqual([
      ['早番', 480],
      ['日勤', 480],
      ['夜勤', 480],
    ]);
  });

  it('a break across midnight of a night pattern is one window (23:30–00:30 = 1410–1470)', async () => {
    const res = await admin.post('/api/v1/work_patterns', {
      name: '夜勤B',
      start_time: '21:00',
      end_time: '06:00',
      crosses_midnight: true,
      breaks: [
        { start_time: '23:30', end_time: '00:30' },
        { start_time: '03:00', end_time: '03:30' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.work_minutes).toBe(9 * 60 - 90);
    const { patterns } = await scheduleSettings(tenant.companyId);
    expect(patterns.find((p) => p.name === '夜勤B')!.breakWindows).toEqual([
      { startMinute: 1410, endMinute: 1470 },
      { startMinute: 1620, endMinute: 1650 },
    ]);
    ids.nightB = res.body.data.id;
  });

  const five = Array.from({ length: 5 }, (_, i) => ({ start_time: `1${i}:00`, end_time: `1${i}:10` }));
  it.each([
    ['a time without two-digit hours', { ...DAY, start_time: '9:00' }, { start_time: [PATTERN_MESSAGES.time] }],
    ['24:00', { ...DAY, end_time: '24:00' }, { end_time: [PATTERN_MESSAGES.time] }],
    [
      'an end before the start without crossing',
      { ...DAY, end_time: '08:00' },
      { end_time: [PATTERN_MESSAGES.endAfterStart] },
    ],
    [
      'a crossing pattern longer than 24 hours',
      { ...DAY, crosses_midnight: true, end_time: '10:00', breaks: [] },
      { end_time: [PATTERN_MESSAGES.crossingTooLong] },
    ],
    [
      'a break outside the pattern',
      { ...DAY, breaks: [{ start_time: '08:00', end_time: '09:00' }] },
      { 'breaks.0.start_time': [PATTERN_MESSAGES.breakOutside] },
    ],
    [
      'a break ending before it starts',
      { ...DAY, breaks: [{ start_time: '13:00', end_time: '12:00' }] },
      { 'breaks.0.end_time': [PATTERN_MESSAGES.breakOrder] },
    ],
    [
      'a night break after the pattern ends',
      { ...NIGHT, breaks: [{ start_time: '08:00', end_time: '09:00' }] },
      { 'breaks.0.start_time': [PATTERN_MESSAGES.breakOutside] },
    ],
    [
      'overlapping breaks',
      {
        ...DAY,
        breaks: [
          { start_time: '12:00', end_time: '13:00' },
          { start_time: '12:30', end_time: '13:30' },
        ],
      },
      { breaks: [PATTERN_MESSAGES.breaksOverlap] },
    ],
    ['five breaks', { ...DAY, breaks: five }, { breaks: [PATTERN_MESSAGES.tooManyBreaks] }],
    [
      'breaks covering the whole pattern',
      { ...DAY, breaks: [{ start_time: '09:00', end_time: '18:00' }] },
      { breaks: [PATTERN_MESSAGES.noWork] },
    ],
    ['a blank name', { ...DAY, name: '　' }, { name: ['入力してください'] }],
    [
      'crosses_midnight not a boolean',
      { ...DAY, crosses_midnight: 'yes' },
      { crosses_midnight: ['「終業は翌日」を選ぶかどうかを指定してください'] },
    ],
  ])('refuses %s with the field error, writing nothing', async (_, body, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.post('/api/v1/work_patterns', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.settingDefect, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // The same checks guard an edit.
    expect((await admin.put(`/api/v1/work_patterns/${ids.day}`, body)).status).toBe(400);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses a name a live pattern has (full-width and spacing folded) with 409 on name', async () => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.post('/api/v1/work_patterns', { ...DAY, name: ' 日勤 ' });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ name: [PATTERN_MESSAGES.nameTaken] });
    expect((await admin.put(`/api/v1/work_patterns/${ids.night}`, { ...NIGHT, name: '日勤' })).status).toBe(409);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('a rename starts no recompute; new times recompute the stored months in the background', async () => {
    const renamed = await admin.put(`/api/v1/work_patterns/${ids.day}`, { ...DAY, name: '日勤A' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: '日勤A', recompute: null });
    const moved = await admin.put(`/api/v1/work_patterns/${ids.day}`, { ...DAY, start_time: '08:30' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ name: '日勤', start_time: '08:30', work_minutes: 510 });
    expect(moved.body.data.recompute).toMatchObject({ id: expect.any(String), to_month: '2026-08' });
    expect(await finished(moved.body.data.recompute.id)).toMatchObject({ status: 'done', failed: 0 });
    const back = await admin.put(`/api/v1/work_patterns/${ids.day}`, DAY);
    await finished(back.body.data.recompute.id);
  });

  it('an unknown id is 404 for an edit and a delete', async () => {
    expect((await admin.put('/api/v1/work_patterns/01jx7unknown00000000000000', DAY)).status).toBe(404);
    expect((await admin.delete('/api/v1/work_patterns/01jx7unknown00000000000000')).status).toBe(404);
  });
});

describe('default assignments', () => {
  it('saves versions for the whole company and for an employee, and answers the ones in force on ?on=', async () => {
    const employeeId = tenant.employees[0]!.id;
    const group = await admin.put('/api/v1/work_pattern_assignments', {
      scope: 'group',
      department_id: null,
      employment_status_id: null,
      pattern_id: ids.day,
      effective_from: '2026-08-01',
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    expect(group.body.data.in_force).toEqual([
      {
        scope: 'group',
        department_id: null,
        employment_status_id: null,
        employee_id: null,
        employee_name: null,
        pattern_id: ids.day,
        pattern_name: '日勤',
        effective_from: '2026-08-01',
        updated_at: expect.any(String),
      },
    ]);
    expect(group.body.data.recompute).toMatchObject({ from_month: '2026-08', to_month: '2026-08' });
    expect(await finished(group.body.data.recompute.id)).toMatchObject({ status: 'done' });

    const own = await admin.put('/api/v1/work_pattern_assignments', {
      scope: 'employee',
      employee_id: employeeId,
      pattern_id: ids.night,
      effective_from: '2026-09-01',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // Dated after this month: no stored month can change yet.
    expect(own.body.data.recompute).toBeNull();

    const at = async (on: string) => (await admin.get(`/api/v1/work_pattern_assignments?on=${on}`)).body.data;
    expect((await at('2026-08-31')).in_force.map((a: { pattern_name: string }) => a.pattern_name)).toEqual(['日勤']);
    const september = await at('2026-09-01');
    expect(september.in_force.map((a: { scope: string; pattern_name: string }) => [a.scope, a.pattern_name])).toEqual([
      ['employee', '夜勤'],
      ['group', '日勤'],
    ]);
    // The member is named: the screen does not read the staff list to show who.
    const named = tenant.employees.find((e) => e.id === employeeId)!.name;
    expect(september.in_force.map((a: { employee_name: string | null }) => a.employee_name)).toEqual([named, null]);
    expect(september.history.map((a: { effective_from: string }) => a.effective_from)).toEqual([
      '2026-09-01',
      '2026-08-01',
    ]);
    expect(september.patterns).toHaveLength(4);

    // The stored versions resolve as the engine reads them (schedule.ts scheduleOf).
    const { schedule } = engineSchedule(
      await scheduleSettings(tenant.companyId),
      { employeeId, departmentId: tenant.departmentId, employmentStatusId: tenant.employmentStatusId },
      [],
    );
    expect(schedule('2026-07-31')).toBeNull();
    expect(schedule('2026-08-31')).toMatchObject({ kind: 'pattern', source: 'group', pattern: { name: '日勤' } });
    expect(schedule('2026-09-01')).toMatchObject({
      kind: 'pattern',
      source: 'employee',
      pattern: { startMinute: 1320, endMinute: 1860 },
    });
  });

  it.each([
    [
      'an employee scope without an employee',
      { scope: 'employee', pattern_id: null },
      { employee_id: ['従業員を選択してください'] },
    ],
    ['an unknown scope', { scope: 'team' }, { scope: ['割り当ての対象を選択してください'] }],
    [
      'an impossible effective_from',
      { scope: 'group', effective_from: '2026-02-30' },
      { effective_from: ['正しい日付を選択してください'] },
    ],
  ])('refuses %s with the field error, writing nothing', async (_, body, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put('/api/v1/work_pattern_assignments', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.settingDefect, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses an unknown pattern, employee or department (400 on the field, nothing written)', async () => {
    const before = await tableSnapshot(stack.tableName);
    const unknown = '01jx7unknown00000000000000';
    const pattern = await admin.put('/api/v1/work_pattern_assignments', { scope: 'group', pattern_id: unknown });
    expect(pattern.body).toEqual(
      jaErrorBody(MESSAGES.settingDefect, { pattern_id: [WORK_PATTERN_MESSAGES.unknownPattern] }),
    );
    const employee = await admin.put('/api/v1/work_pattern_assignments', { scope: 'employee', employee_id: unknown });
    expect(employee.body.errors).toEqual({ employee_id: [WORK_PATTERN_MESSAGES.unknownEmployee] });
    const dept = await admin.put('/api/v1/work_pattern_assignments', { scope: 'group', department_id: unknown });
    expect(dept.body.errors).toEqual({ department_id: [MESSAGES.unknownDepartment] });
    expect([pattern.status, employee.status, dept.status]).toEqual([400, 400, 400]);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('a pattern a current or future assignment uses cannot be deleted; once unused it is hidden but still named in the history', async () => {
    const before = await tableSnapshot(stack.tableName);
    const refused = await admin.delete(`/api/v1/work_patterns/${ids.night}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WORK_PATTERN_MESSAGES.inUse);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);

    // The employee's version from 1 September replaced by "no own pattern" (back to the group's).
    const cleared = await admin.put('/api/v1/work_pattern_assignments', {
      scope: 'employee',
      employee_id: tenant.employees[0]!.id,
      pattern_id: null,
      effective_from: '2026-09-01',
    });
    expect(cleared.status).toBe(200);
    const deleted = await admin.delete(`/api/v1/work_patterns/${ids.night}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: ids.night, deleted: true });
    const names = (await admin.get('/api/v1/work_patterns')).body.data.map((p: { name: string }) => p.name);
    expect(names).not.toContain('夜勤');
    // The name is free again; the deleted pattern stays for past days.
    expect((await admin.post('/api/v1/work_patterns', NIGHT)).status).toBe(201);
    const { patterns } = await scheduleSettings(tenant.companyId);
    expect(patterns.find((p) => p.patternId === ids.night)?.deletedAt).toEqual(expect.any(String));
    // A deleted pattern cannot be assigned or edited, and a second delete is a 404.
    expect(
      (await admin.put('/api/v1/work_pattern_assignments', { scope: 'group', pattern_id: ids.night })).status,
    ).toBe(400);
    expect((await admin.put(`/api/v1/work_patterns/${ids.night}`, NIGHT)).status).toBe(404);
    expect((await admin.delete(`/api/v1/work_patterns/${ids.night}`)).status).toBe(404);
  });
});

describe('work settings', () => {
  const DEFAULTS = {
    effective_from: null,
    grace_minutes: 0,
    interval_minutes: null,
    display_rounding_minutes: 0,
    monthly_rounding_30: false,
    hourly_leave_enabled: false,
    hourly_leave_days_per_year: 5,
    updated_at: null,
  };

  it('before any version: the defaults; a version saved from today when effective_from is omitted', async () => {
    const first = await admin.get('/api/v1/work_settings');
    expect(first.body.data).toEqual({ on: '2026-08-10', in_force: null, settings: DEFAULTS, history: [] });
    const res = await admin.put('/api/v1/work_settings', {
      grace_minutes: 5,
      interval_minutes: 660,
      display_rounding_minutes: 15,
      monthly_rounding_30: true,
      hourly_leave_enabled: true,
      hourly_leave_days_per_year: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = {
      ...DEFAULTS,
      effective_from: '2026-08-10',
      grace_minutes: 5,
      interval_minutes: 660,
      display_rounding_minutes: 15,
      monthly_rounding_30: true,
      hourly_leave_enabled: true,
      hourly_leave_days_per_year: 3,
      updated_at: expect.any(String),
    };
    expect(res.body.data.in_force).toEqual(saved);
    expect(await finished(res.body.data.recompute.id)).toMatchObject({ status: 'done', from_month: '2026-08' });

    // Issue 30 item 9: a field left out keeps its value in the version in force, never the default.
    const later = await admin.put('/api/v1/work_settings', { effective_from: '2026-10-01', interval_minutes: null });
    expect(later.status).toBe(200);
    expect(later.body.data.in_force).toEqual({
      ...saved,
      effective_from: '2026-10-01',
      interval_minutes: null,
      updated_at: expect.any(String),
    });
    const at = async (on: string) => (await admin.get(`/api/v1/work_settings?on=${on}`)).body.data;
    expect((await at('2026-08-09')).in_force).toBeNull();
    expect((await at('2026-09-30')).settings).toEqual(saved);
    expect((await at('2026-10-01')).history.map((v: { effective_from: string }) => v.effective_from)).toEqual([
      '2026-10-01',
      '2026-08-10',
    ]);
  });

  it.each([
    ['a grace of 60 minutes', { grace_minutes: 60 }, { grace_minutes: ['猶予は0〜59分で入力してください'] }],
    [
      'an interval over 24 hours',
      { interval_minutes: 1441 },
      { interval_minutes: ['勤務間インターバルは0〜1440分（24時間）で入力してください'] },
    ],
    [
      'a rounding unit of 7',
      { display_rounding_minutes: 7 },
      { display_rounding_minutes: ['表示の丸め単位は0・5・10・15・30分から選択してください'] },
    ],
    [
      'six days of hourly leave',
      { hourly_leave_days_per_year: 6 },
      { hourly_leave_days_per_year: ['時間単位年休の日数は1〜5日で入力してください（労働基準法39条4項）'] },
    ],
    [
      'a non-boolean monthly rounding',
      { monthly_rounding_30: 'on' },
      { monthly_rounding_30: ['1か月の端数処理をするか選択してください'] },
    ],
  ])('refuses %s with the field error, writing nothing', async (_, body, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put('/api/v1/work_settings', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.settingDefect, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('closed periods', () => {
  it('refuses settings and assignment versions dated into a closed period, and new times of a pattern it used', async () => {
    // 早番 is the department's default from 1 July; then July is closed.
    const early = await admin.put('/api/v1/work_pattern_assignments', {
      scope: 'group',
      department_id: tenant.departmentId,
      pattern_id: ids.early,
      effective_from: '2026-07-01',
    });
    expect(early.status).toBe(200);
    await finished(early.body.data.recompute.id);
    await putPeriodClosing(tenant.companyId, {
      period: '2026-07',
      from: '2026-07-01',
      to: '2026-07-31',
      status: 'closed',
    });

    const before = await tableSnapshot(stack.tableName);
    const settings = await admin.put('/api/v1/work_settings', { effective_from: '2026-07-15', grace_minutes: 10 });
    expect(settings.status).toBe(409);
    expect(settings.body.errors.effective_from[0]).toContain('2026年7月度');
    const assignment = await admin.put('/api/v1/work_pattern_assignments', {
      scope: 'group',
      pattern_id: ids.day,
      effective_from: '2026-07-31',
    });
    expect(assignment.status).toBe(409);
    expect(assignment.body.errors.effective_from[0]).toContain('2026年7月度');
    const times = await admin.put(`/api/v1/work_patterns/${ids.early}`, {
      name: '早番',
      start_time: '06:30',
      end_time: '15:30',
      crosses_midnight: false,
      breaks: [{ start_time: '11:00', end_time: '12:00' }],
    });
    expect(times.status).toBe(409);
    expect(times.body.errors.start_time[0]).toBe(WORK_PATTERN_MESSAGES.usedInClosed('2026年7月度（7月1日〜7月31日）'));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);

    // A rename changes no figure; a version from 1 August is after the closed period.
    const renamed = await admin.put(`/api/v1/work_patterns/${ids.early}`, {
      name: '早番A',
      start_time: '07:00',
      end_time: '16:00',
      crosses_midnight: false,
      breaks: [{ start_time: '11:00', end_time: '12:00' }],
    });
    expect(renamed.status).toBe(200);
    const august = await admin.put('/api/v1/work_settings', { effective_from: '2026-08-01' });
    expect(august.status).toBe(200);
    await finished(august.body.data.recompute.id);
    // 日勤 was never used in July: its times may change, recomputing from 1 August only.
    const day = await admin.put(`/api/v1/work_patterns/${ids.day}`, { ...DAY, end_time: '17:30' });
    expect(day.status).toBe(200);
    expect(day.body.data.recompute).toMatchObject({ from_month: '2026-08' });
    await finished(day.body.data.recompute.id);
  });
});

describe('a pattern used by shifts of a closed period', () => {
  it('the closing job records the patterns its days used; editing one of them is refused without reading the shifts', async () => {
    // 遅番 is used by one shift on 2026-06-15 (no assignment), then June is closed by the real job.
    const late = await admin.post('/api/v1/work_patterns', {
      ...DAY,
      name: '遅番',
      start_time: '13:00',
      end_time: '22:00',
      breaks: [{ start_time: '17:00', end_time: '18:00' }],
    });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const unused = await admin.post('/api/v1/work_patterns', { ...DAY, name: '中番' });
    expect(unused.status).toBe(201);
    const shift = await admin.put('/api/v1/shifts', {
      entries: [
        { employee_id: tenant.employees[0]!.id, date: '2026-06-15', pattern_id: late.body.data.id, day_off: false },
      ],
    });
    expect(shift.status, JSON.stringify(shift.body)).toBe(200);
    await finished(shift.body.data.recompute.id);
    const closing = await admin.post('/api/v1/period_closings', { period: '2026-06' });
    expect(closing.status, JSON.stringify(closing.body)).toBe(201);
    await pollUntil(
      () => findPeriodClosing(tenant.companyId, '2026-06'),
      (c) => c?.status === 'closed' || c?.status === 'failed',
    );
    const stored = await findPeriodClosing(tenant.companyId, '2026-06');
    expect(stored).toMatchObject({ status: 'closed' });
    expect(stored!.patternsUsed).toContain(late.body.data.id);
    expect(stored!.patternsUsed).not.toContain(unused.body.data.id);

    const before = await tableSnapshot(stack.tableName);
    const times = await admin.put(`/api/v1/work_patterns/${late.body.data.id}`, {
      name: '遅番',
      start_time: '14:00',
      end_time: '23:00',
      crosses_midnight: false,
      breaks: [{ start_time: '18:00', end_time: '19:00' }],
    });
    expect(times.status).toBe(409);
    expect(times.body.errors.start_time[0]).toBe(WORK_PATTERN_MESSAGES.usedInClosed('2026年6月度（6月1日〜6月30日）'));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // 中番 scheduled no closed day: its times may change.
    const free = await admin.put(`/api/v1/work_patterns/${unused.body.data.id}`, {
      ...DAY,
      name: '中番',
      end_time: '17:30',
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    await finished(free.body.data.recompute.id);
  });
});

describe('who may', () => {
  it('employees can neither read nor change any of it', async () => {
    const before = await tableSnapshot(stack.tableName);
    for (const [method, path] of [
      ['get', '/api/v1/work_patterns'],
      ['post', '/api/v1/work_patterns'],
      ['put', `/api/v1/work_patterns/${ids.day}`],
      ['delete', `/api/v1/work_patterns/${ids.day}`],
      ['get', '/api/v1/work_pattern_assignments'],
      ['put', '/api/v1/work_pattern_assignments'],
      ['get', '/api/v1/work_settings'],
      ['put', '/api/v1/work_settings'],
    ] as const) {
      const res = method === 'get' || method === 'delete' ? await staff[method](path) : await staff[method](path, DAY);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it("another company's admin sees none of it and can change none of it", async () => {
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await otherAdmin.get('/api/v1/work_patterns')).body.data).toEqual([]);
    expect((await otherAdmin.get('/api/v1/work_pattern_assignments')).body.data).toMatchObject({
      in_force: [],
      history: [],
      patterns: [],
    });
    expect((await otherAdmin.get('/api/v1/work_settings')).body.data).toMatchObject({ in_force: null, history: [] });
    const before = await tableSnapshot(stack.tableName);
    expect((await otherAdmin.put(`/api/v1/work_patterns/${ids.day}`, DAY)).status).toBe(404);
    expect((await otherAdmin.delete(`/api/v1/work_patterns/${ids.day}`)).status).toBe(404);
    const assign = await otherAdmin.put('/api/v1/work_pattern_assignments', {
      scope: 'employee',
      employee_id: tenant.employees[0]!.id,
      pattern_id: ids.day,
    });
    expect(assign.status).toBe(400);
    expect(Object.keys(assign.body.errors).sort()).toEqual(['employee_id', 'pattern_id']);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});
