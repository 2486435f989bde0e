/**
 * Issue 16 item 4, break punches through the API: POST /api/v1/timestamps with
 * kind 'in' | 'out' | 'break_start' | 'break_end' next to the body without a kind. Each kind in
 * order; kinds that make no sense refused with 409 and nothing written; presses that repeat the
 * state answered with `ignored` and nothing written; retries with an Idempotency-Key and two
 * concurrent presses make one state change; 退勤 during a break leaves the break open (no end: a
 * forgotten 休憩終了 is worked time, flagged break_open, until a correction ends it);
 * the punch view carries the state, the breaks and the day's schedule (shift > employee default >
 * department × status default).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 6 });
});

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** Handlers run in this process (through the local gateway), so moving the domain clock moves theirs. */
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
/** A Tokyo wall-clock time (HH:MM or HH:MM:SS) as an instant. */
const jst = (date: string, time: string) =>
  new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+09:00`).toISOString();

const dayOf = async (employeeId: string, workDate: string) =>
  (await db().entities.AttendanceDay.get({ companyId: tenant.companyId, employeeId, workDate }).go()).data;

const client = (i: number) => signIn(stack.baseUrl, 'employee', tenant.employees[i]!);
const press = (c: HttpClient, kind?: string, extra: Record<string, unknown> = {}, key?: string) =>
  c.post(
    '/api/v1/timestamps',
    { ...(kind ? { kind } : {}), ...extra },
    key ? { headers: { 'idempotency-key': key } } : {},
  );

/** 409 with the message, and the table exactly as before the call. */
async function refused(call: () => ReturnType<typeof press>, message: string) {
  const before = await tableSnapshot(stack.tableName);
  const res = await call();
  expect(res.status).toBe(409);
  expect(res.body.message).toBe(message);
  expect(await tableSnapshot(stack.tableName)).toEqual(before);
}

/** 200 with the state as it was, `ignored` with its reason, and the table exactly as before the call. */
async function ignored(call: () => ReturnType<typeof press>, reason: string, status: string) {
  const before = await tableSnapshot(stack.tableName);
  const res = await call();
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe(status);
  expect(res.body.data.ignored).toMatchObject({ reason });
  expect(res.body.data.ignored.message).toMatch(/記録していません/);
  expect(await tableSnapshot(stack.tableName)).toEqual(before);
  return res;
}

describe('each kind in order', () => {
  it('in, two breaks, out: the state, the breaks and the stored day follow each press', async () => {
    const c = await client(0);
    const e = tenant.employees[0]!.id;
    const D = '2026-05-11'; // Monday
    at(jst(D, '09:00'));
    let res = await press(c, 'in', { note: '直行' });
    expect(res.body.data).toMatchObject({ status: 'at_work', status_label: '勤務中', breaks: [], break_minutes: 0 });

    at(jst(D, '12:00'));
    res = await press(c, 'break_start');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'on_break',
      status_label: '休憩中',
      breaks: [{ start_at: jst(D, '12:00'), end_at: null }],
      break_minutes: 0,
    });
    at(jst(D, '12:45'));
    res = await press(c, 'break_end');
    expect(res.body.data).toMatchObject({
      status: 'at_work',
      breaks: [{ start_at: jst(D, '12:00'), end_at: jst(D, '12:45') }],
      break_minutes: 45,
    });
    at(jst(D, '15:00'));
    await press(c, 'break_start');
    at(jst(D, '15:15'));
    res = await press(c, 'break_end');
    expect(res.body.data.break_minutes).toBe(60);
    expect(res.body.data.breaks).toHaveLength(2);

    at(jst(D, '18:00'));
    res = await press(c, 'out', { note: '直帰' });
    expect(res.body.data).toMatchObject({ status: 'left_work', status_label: '退勤済み', punch_out_note: '直帰' });
    expect(res.body.data.open_break).toBeUndefined();

    expect(await dayOf(e, D)).toMatchObject({
      punchInAt: jst(D, '09:00'),
      punchOutAt: jst(D, '18:00'),
      note: '直行',
      punchOutNote: '直帰',
      breaks: [
        { startAt: jst(D, '12:00'), endAt: jst(D, '12:45') },
        { startAt: jst(D, '15:00'), endAt: jst(D, '15:15') },
      ],
    });
    // The day as the screen reads it later.
    at(jst(D, '18:30'));
    expect((await c.get('/api/v1/timestamps/today')).body.data).toMatchObject({
      status: 'left_work',
      break_minutes: 60,
    });
  });

  it('退勤 during a break leaves the break open (no end), says so, and the month counts it as work', async () => {
    const c = await client(1);
    const e = tenant.employees[1]!.id;
    const D = '2026-05-12';
    at(jst(D, '09:00'));
    await press(c, 'in');
    at(jst(D, '17:30'));
    expect((await press(c, 'break_start')).body.data.status).toBe('on_break');
    at(jst(D, '18:00'));
    // The press without a kind (the body before kinds) is 退勤 here too.
    const res = await press(c);
    expect(res.body.data).toMatchObject({
      status: 'left_work',
      breaks: [{ start_at: jst(D, '17:30'), end_at: null }],
      break_minutes: 0,
      open_break: { start_at: jst(D, '17:30'), work_date: D },
    });
    expect(res.body.data.ended_break).toBeUndefined();
    const stored = await dayOf(e, D);
    expect(stored!.breaks).toEqual([{ startAt: jst(D, '17:30') }]);
    expect(stored!.punchOutAt).toBe(jst(D, '18:00'));
    // The month row: 9:00–18:00 all worked (the open break is no break), flagged break_open.
    const month = await c.get('/api/v1/timestamps?year=2026&month=5');
    const row = month.body.data.days.find((d: { date: string }) => d.date === D);
    expect(row).toMatchObject({ worked_minutes: 540 });
    expect(row.flags).toContain('break_open');
  });
});

describe('kinds that make no sense, and presses that repeat the state', () => {
  it('refuses break and 退勤 punches before 出勤, 休憩終了 without a break, anything but 退勤 after 退勤', async () => {
    const c = await client(2);
    const D = '2026-05-13';
    at(jst(D, '08:00'));
    for (const kind of ['break_start', 'break_end', 'out'])
      await refused(() => press(c, kind), 'まだ出勤していません。先に出勤を打刻してください。');
    await press(c, 'in');
    at(jst(D, '10:00'));
    await refused(() => press(c, 'break_end'), '休憩中ではありません。');
    at(jst(D, '18:00'));
    await press(c, 'out');
    at(jst(D, '18:05'));
    for (const kind of ['in', 'break_start', 'break_end']) await refused(() => press(c, kind), '本日は退勤済みです。');
  });

  it('answers 出勤 twice, 休憩開始 twice, 休憩終了 twice and 退勤 twice with the state, writing nothing', async () => {
    const c = await client(3);
    const D = '2026-05-14';
    at(jst(D, '09:00'));
    await press(c, 'in');
    at(jst(D, '09:00:02'));
    await ignored(() => press(c, 'in'), 'already_punched_in', 'at_work');
    at(jst(D, '12:00'));
    await press(c, 'break_start');
    at(jst(D, '12:01'));
    await ignored(() => press(c, 'break_start'), 'already_on_break', 'on_break');
    await ignored(() => press(c, 'in'), 'already_punched_in', 'on_break');
    at(jst(D, '13:00'));
    await press(c, 'break_end');
    at(jst(D, '13:01'));
    await ignored(() => press(c, 'break_end'), 'break_already_ended', 'at_work');
    at(jst(D, '18:00'));
    await press(c, 'out');
    at(jst(D, '18:01'));
    await ignored(() => press(c, 'out'), 'already_punched_out', 'left_work');
  });

  it('takes 退勤 within a minute of 出勤 as a double tap of the 出勤, with a kind as without', async () => {
    const c = await client(3);
    at(jst('2026-05-15', '09:00'));
    await press(c, 'in');
    at('2026-05-15T00:00:20Z');
    const before = await tableSnapshot(stack.tableName);
    const res = await press(c, 'out');
    expect(res.body.data.ignored).toMatchObject({ reason: 'too_soon_after_punch_in', retry_after_seconds: 40 });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses an unknown kind and a memo on a break punch with 400, writing nothing', async () => {
    const c = await client(3);
    at(jst('2026-05-15', '12:00'));
    const before = await tableSnapshot(stack.tableName);
    const bad = await press(c, 'lunch');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.kind).toEqual(['打刻の種類が正しくありません。']);
    const memo = await press(c, 'break_start', { note: '昼食' });
    expect(memo.status).toBe(400);
    expect(memo.body.errors.note).toEqual(['休憩の打刻にはメモを付けられません。']);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('retries and concurrent presses', () => {
  it('answers a retried 休憩開始 with its first answer and never starts a second break', async () => {
    const c = await client(4);
    const e = tenant.employees[4]!.id;
    const D = '2026-05-18';
    at(jst(D, '09:00'));
    await press(c, 'in');
    at(jst(D, '12:00'));
    const first = await press(c, 'break_start', {}, 'break-press-0001');
    at(jst(D, '12:00:05'));
    const retry = await press(c, 'break_start', {}, 'break-press-0001');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    // Even after the break ended, the retry of that key is the first answer, not a new break.
    at(jst(D, '12:30'));
    await press(c, 'break_end', {}, 'break-press-0002');
    at(jst(D, '12:31'));
    expect((await press(c, 'break_start', {}, 'break-press-0001')).body).toEqual(first.body);
    expect((await dayOf(e, D))!.breaks).toEqual([{ startAt: jst(D, '12:00'), endAt: jst(D, '12:30') }]);
  });

  it('makes two concurrent presses of each kind one state change', async () => {
    const c = await client(5);
    const e = tenant.employees[5]!.id;
    const D = '2026-05-19';
    const twice = async (kind: string) => {
      const results = await Promise.all([press(c, kind), press(c, kind)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      return results.map((r) => r.body.data.status as string);
    };
    at(jst(D, '09:00'));
    expect(await twice('in')).toEqual(['at_work', 'at_work']);
    at(jst(D, '12:00'));
    expect(await twice('break_start')).toEqual(['on_break', 'on_break']);
    at(jst(D, '12:40'));
    expect(await twice('break_end')).toEqual(['at_work', 'at_work']);
    at(jst(D, '15:00'));
    expect(await twice('break_start')).toEqual(['on_break', 'on_break']);
    at(jst(D, '18:00'));
    // 退勤 racing 休憩終了 from a second tab: the 休憩終了 either lands first (the break ends at 18:00)
    // or meets the day closed and is refused (the break stays open, as after any 退勤 during a break).
    const [out, end] = await Promise.all([press(c, 'out'), press(c, 'break_end')]);
    expect(out.status).toBe(200);
    // 休憩終了 read the day either before the 退勤 (200) or after it (409 本日は退勤済みです。).
    expect(end.status === 200 || end.body.message === '本日は退勤済みです。').toBe(true);
    const day = await dayOf(e, D);
    expect(day).toMatchObject({ punchInAt: jst(D, '09:00') });
    // Either the 休憩終了 was written (the break ends at 18:00; its press answered 200) or it was not
    // (the break stays open): a 休憩終了 that read 休憩中 but lost the race to the 退勤 answers 200 with
    // the state as it now is (退勤済み) and writes nothing — never a second change.
    const second = day!.breaks![1]!;
    expect(day!.breaks).toHaveLength(2);
    expect(day!.breaks![0]).toEqual({ startAt: jst(D, '12:00'), endAt: jst(D, '12:40') });
    expect(second.startAt).toBe(jst(D, '15:00'));
    if (second.endAt) {
      expect(second.endAt).toBe(jst(D, '18:00'));
      expect(end.status).toBe(200);
    }
    // The 退勤 either went through or met the ended break; pressing again closes the day once.
    if (!day!.punchOutAt) expect((await press(c, 'out')).body.data.status).toBe('left_work');
    expect((await dayOf(e, D))!.punchOutAt).toBe(jst(D, '18:00'));
  });
});

describe('the schedule on the punch screen', () => {
  const patternId = 'p-day';
  const nightId = 'p-night';
  beforeAll(async () => {
    const { entities } = db();
    const companyId = tenant.companyId;
    await entities.WorkPatternItem.put({
      companyId,
      patternId,
      name: '日勤',
      startMinute: 9 * 60,
      endMinute: 18 * 60,
      breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
    }).go();
    await entities.WorkPatternItem.put({
      companyId,
      patternId: nightId,
      name: '夜勤',
      startMinute: 22 * 60,
      endMinute: 31 * 60,
    }).go();
    // 営業部 × 正社員 default: 日勤 from April; employee 0 has a 夜勤 shift on 6/2 and a day off on 6/3.
    await entities.PatternAssignment.put({
      companyId,
      scope: 'group',
      departmentId: tenant.departmentId,
      employmentStatusId: tenant.employmentStatusId,
      employeeId: '-',
      effectiveFrom: '2026-04-01',
      patternId,
    }).go();
    const e = tenant.employees[0]!.id;
    await entities.Shift.put({
      companyId,
      yearMonth: '2026-06',
      employeeId: e,
      date: '2026-06-02',
      patternId: nightId,
    }).go();
    await entities.Shift.put({ companyId, yearMonth: '2026-06', employeeId: e, date: '2026-06-03', dayOff: true }).go();
  });

  it("shows the default pattern, a shift's pattern across midnight, and a shift day off", async () => {
    const c = await client(0);
    at(jst('2026-06-01', '08:30'));
    expect((await c.get('/api/v1/timestamps/today')).body.data.schedule).toEqual({
      date: '2026-06-01',
      kind: 'pattern',
      source: 'group',
      pattern_id: patternId,
      pattern_name: '日勤',
      start_time: '09:00',
      end_time: '18:00',
      crosses_midnight: false,
      scheduled_start: jst('2026-06-01', '09:00'),
      scheduled_end: jst('2026-06-01', '18:00'),
    });
    at(jst('2026-06-02', '21:55'));
    const punchIn = await press(c, 'in');
    expect(punchIn.body.data.schedule).toMatchObject({
      date: '2026-06-02',
      source: 'shift',
      pattern_name: '夜勤',
      start_time: '22:00',
      end_time: '07:00',
      crosses_midnight: true,
      scheduled_end: jst('2026-06-03', '07:00'),
    });
    // After midnight the night shift is still the one on screen, with its own date's schedule.
    at(jst('2026-06-03', '02:00'));
    const onBreak = await press(c, 'break_start');
    expect(onBreak.body.data).toMatchObject({ work_date: '2026-06-02', status: 'on_break' });
    expect(onBreak.body.data.schedule).toMatchObject({ date: '2026-06-02', pattern_name: '夜勤' });
    at(jst('2026-06-03', '07:00'));
    await press(c, 'out');
    // The next morning with the night shift closed: 6/3 is the shift's day off.
    at(jst('2026-06-03', '13:00'));
    expect((await c.get('/api/v1/timestamps/today')).body.data.schedule).toMatchObject({
      date: '2026-06-03',
      kind: 'day_off',
      pattern_name: null,
      scheduled_start: null,
    });
  });

  it("a 夜勤 worker coming in after midnight punches into yesterday's shift, late, not into a day without one", async () => {
    // Employee 1 has the 夜勤 shift 22:00–翌7:00 on 6/9 (a Tuesday) and no punch yet; 6/10 has the
    // default 日勤. At 0:30 on 6/10 the shift of 6/9 is due until 7:00: the punch-in belongs to 6/9
    // (昭63.1.1 基発1号), and the engine finds 遅刻 22:00 → 0:30 = 150 minutes there, no 欠勤 on 6/9.
    const e = tenant.employees[1]!.id;
    await db()
      .entities.Shift.put({
        companyId: tenant.companyId,
        yearMonth: '2026-06',
        employeeId: e,
        date: '2026-06-09',
        patternId: nightId,
      })
      .go();
    const c = await client(1);
    at(jst('2026-06-10', '00:20'));
    // Before 出勤 the screen shows the shift that is due: yesterday's 夜勤.
    expect((await c.get('/api/v1/timestamps/today')).body.data).toMatchObject({
      status: 'not_punched_in',
      schedule: { date: '2026-06-09', pattern_name: '夜勤' },
    });
    at(jst('2026-06-10', '00:30'));
    const punchIn = await press(c, 'in');
    expect(punchIn.body.data).toMatchObject({ work_date: '2026-06-09', status: 'at_work' });
    expect((await dayOf(e, '2026-06-09'))!.punchInAt).toBe(jst('2026-06-10', '00:30'));
    expect(await dayOf(e, '2026-06-10')).toBeNull();
    at(jst('2026-06-10', '07:00'));
    expect((await press(c, 'out')).body.data).toMatchObject({ work_date: '2026-06-09', status: 'left_work' });
    at(jst('2026-06-11', '12:00'));
    const month = (await c.get('/api/v1/timestamps?year=2026&month=6')).body.data;
    const row = (d: string) => month.days.find((x: { date: string }) => x.date === d);
    expect(row('2026-06-09')).toMatchObject({ late_minutes: 150, early_leave_minutes: 0, is_absent: false });
    // 6/10 had its 日勤 with nobody punching in: that is 6/10's own 欠勤, not a long 早退 of the night.
    expect(row('2026-06-10')).toMatchObject({ late_minutes: 0, early_leave_minutes: 0 });
  });

  it("after the night shift's scheduled end, a punch-in is today's", async () => {
    const e = tenant.employees[2]!.id;
    await db()
      .entities.Shift.put({
        companyId: tenant.companyId,
        yearMonth: '2026-06',
        employeeId: e,
        date: '2026-06-16',
        patternId: nightId,
      })
      .go();
    const c = await client(2);
    at(jst('2026-06-17', '08:55'));
    expect((await press(c, 'in')).body.data).toMatchObject({ work_date: '2026-06-17' });
  });

  it('answers null without a pattern (no patterns in the company, or none for the employee)', async () => {
    const other = await createTenant({ employees: 1 });
    const c = await signIn(stack.baseUrl, 'employee', other.employees[0]!);
    at(jst('2026-06-01', '08:30'));
    expect((await c.get('/api/v1/timestamps/today')).body.data).toMatchObject({
      status: 'not_punched_in',
      status_label: '未出勤',
      schedule: null,
      breaks: [],
    });
  });
});
