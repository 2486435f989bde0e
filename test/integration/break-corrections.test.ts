/**
 * Review of issue 16 (payroll defect): 退勤 pressed during a break used to end the break at the
 * punch-out time, and no correction could change punched breaks, so a forgotten 休憩終了 (12:00
 * 休憩開始, 18:00 退勤) made a 6-hour break with no way to mend it. Now the break stays open (worked,
 * flagged break_open) and the employee's correction (POST /api/v1/modify_timestamps) sets the day's
 * breaks: `breaks: [{start_at, end_at}]` (ISO instants, both ends required, at most 4, inside the
 * corrected shift, sorted and disjoint); absent = the stored breaks as they are, [] = none. Bad
 * breaks are 400 with Japanese field errors and nothing written; a closed period is 409; the month
 * is recomputed; the history and the audit trail show the breaks before and after.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let other: TestTenant;
let me: HttpClient;
let admin: HttpClient;
let stranger: HttpClient;

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
/** 2026-06-20 12:00 in Tokyo. */
const NOW = '2026-06-20T03:00:00Z';
const jst = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`).toISOString();

const myId = () => tenant.employees[0]!.id;
const putDay = (workDate: string, day: Record<string, unknown>, who = { tenant, employeeId: myId() }) =>
  db()
    .entities.AttendanceDay.put({
      companyId: who.tenant.companyId,
      employeeId: who.employeeId,
      workDate,
      ...day,
    })
    .go();
const dayOf = async (workDate: string, employeeId = myId(), companyId = tenant.companyId) =>
  (await db().entities.AttendanceDay.get({ companyId, employeeId, workDate }).go()).data;

/** 9:00–18:00 with a break started at 12:00 and never ended (退勤 pressed during the break). */
const forgotten = (date: string) =>
  putDay(date, {
    punchInAt: jst(date, '09:00'),
    punchOutAt: jst(date, '18:00'),
    breaks: [{ startAt: jst(date, '12:00') }],
  });

const body = (date: string, extra: Record<string, unknown>) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day, punch_in_at: null, punch_out_at: null, reason: '休憩終了の打刻忘れ', ...extra };
};
const brk = (date: string, from: string, to: string) => ({ start_at: jst(date, from), end_at: jst(date, to) });

const monthRow = async (client: HttpClient, date: string) => {
  const res = await client.get(`/api/v1/timestamps?year=${date.slice(0, 4)}&month=${Number(date.slice(5, 7))}`);
  expect(res.status).toBe(200);
  return res.body.data.days.find((d: { date: string }) => d.date === date) as {
    worked_minutes: number;
    break_minutes: number;
    flags: string[];
  };
};

beforeAll(async () => {
  tenant = await createTenant({ employees: 2 });
  other = await createTenant({ employees: 1 });
  me = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  stranger = await signIn(stack.baseUrl, 'employee', other.employees[0]!);
});

describe('the employee corrects a forgotten 休憩終了', () => {
  it('shows the open break, sets its end, recomputes the month and records before/after in history and audit', async () => {
    at(NOW);
    const D = '2026-06-02';
    await forgotten(D);
    // Before: the open break is no break; 9:00–18:00 worked (540), flagged 休憩終了なし.
    const open = await monthRow(me, D);
    expect(open.worked_minutes).toBe(540);
    expect(open.flags).toContain('break_open');

    const shown = await me.get('/api/v1/modify_timestamp?year=2026&month=6&day=2');
    expect(shown.body.data).toMatchObject({
      punch_in_at: jst(D, '09:00'),
      punch_out_at: jst(D, '18:00'),
      breaks: [{ start_at: jst(D, '12:00'), end_at: null }],
    });

    // Only the breaks (the punch times stay), written with the company's offset: stored as UTC.
    const res = await me.post(
      '/api/v1/modify_timestamps',
      body(D, { breaks: [{ start_at: `${D}T12:00:00+09:00`, end_at: `${D}T13:00:00+09:00` }] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      modify_date: D,
      before_punch_in_at: jst(D, '09:00'),
      after_punch_in_at: null,
      before_breaks: [{ start_at: jst(D, '12:00'), end_at: null }],
      after_breaks: [{ start_at: jst(D, '12:00'), end_at: jst(D, '13:00') }],
    });
    const stored = await dayOf(D);
    expect(stored).toMatchObject({ punchInAt: jst(D, '09:00'), punchOutAt: jst(D, '18:00') });
    expect(stored!.breaks).toEqual([{ startAt: jst(D, '12:00'), endAt: jst(D, '13:00') }]);

    const mended = await monthRow(me, D);
    expect([mended.worked_minutes, mended.break_minutes]).toEqual([480, 60]);
    expect(mended.flags).not.toContain('break_open');
    expect((await me.get('/api/v1/modify_timestamps')).body.data[0]).toEqual(res.body.data);

    const events = (await admin.get('/api/v1/audit_events')).body.data.events as {
      action: string;
      after: { result: Record<string, unknown> };
    }[];
    const audit = events.find((e) => e.action === 'attendance.correct');
    expect(audit?.after.result).toMatchObject({
      modifyDate: D,
      beforeBreaks: [{ startAt: jst(D, '12:00') }],
      afterBreaks: [{ startAt: jst(D, '12:00'), endAt: jst(D, '13:00') }],
    });
  });

  it('sets breaks together with corrected punch times (judged against the corrected shift)', async () => {
    at(NOW);
    const D = '2026-06-03';
    await forgotten(D);
    const res = await me.post(
      '/api/v1/modify_timestamps',
      body(D, { punch_out_at: '19:00', breaks: [brk(D, '12:00', '12:45'), brk(D, '18:30', '18:45')] }),
    );
    expect(res.status).toBe(201);
    expect((await dayOf(D))!.breaks).toEqual([
      { startAt: jst(D, '12:00'), endAt: jst(D, '12:45') },
      { startAt: jst(D, '18:30'), endAt: jst(D, '18:45') },
    ]);
    // 9:00–19:00 less 60 minutes of breaks.
    expect((await monthRow(me, D)).worked_minutes).toBe(540);
  });

  it('breaks: [] clears the breaks; breaks left out leaves them as they are', async () => {
    at(NOW);
    const D = '2026-06-04';
    await forgotten(D);
    // Left out: only the punch-out changes; the open break stays and the history has no breaks.
    const kept = await me.post('/api/v1/modify_timestamps', body(D, { punch_out_at: '18:30' }));
    expect(kept.status).toBe(201);
    expect(kept.body.data).toMatchObject({ before_breaks: null, after_breaks: null });
    expect((await dayOf(D))!.breaks).toEqual([{ startAt: jst(D, '12:00') }]);

    const cleared = await me.post('/api/v1/modify_timestamps', body(D, { breaks: [] }));
    expect(cleared.status).toBe(201);
    expect(cleared.body.data).toMatchObject({
      before_breaks: [{ start_at: jst(D, '12:00'), end_at: null }],
      after_breaks: [],
    });
    expect((await dayOf(D))!.breaks).toEqual([]);
    // breaks: [] records that no break was taken (issue 29; it used to mean "not punched", and the
    // engine then deemed 34条's 60 minutes): 9:30 of 拘束 is 570 worked, 60 short of 34条 (570 > 8 h).
    const row = await monthRow(me, D);
    expect([row.worked_minutes, row.break_minutes]).toEqual([570, 0]);
    expect(row.flags).not.toContain('break_open');
    expect(row.flags).toContain('break_below_legal');
  });
});

describe('bad breaks: 400 with the field and its Japanese reason, nothing written', () => {
  const D = '2026-06-05';
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['not a list', { breaks: 'lunch' }, 'breaks', '休憩の形式が正しくありません'],
    ['a break not an object', { breaks: ['12:00'] }, 'breaks.0', '休憩の形式が正しくありません'],
    [
      'five breaks',
      { breaks: ['10', '11', '12', '13', '14'].map((h) => brk(D, `${h}:00`, `${h}:10`)) },
      'breaks',
      '休憩は4件まで入力できます',
    ],
    [
      'no end',
      { breaks: [{ start_at: jst(D, '12:00') }] },
      'breaks.0.end_at',
      '休憩の終了時刻を入力してください（修正では終了時刻も必要です）',
    ],
    [
      'a null end',
      { breaks: [{ start_at: jst(D, '12:00'), end_at: null }] },
      'breaks.0.end_at',
      '休憩の終了時刻を入力してください（修正では終了時刻も必要です）',
    ],
    ['no start', { breaks: [{ end_at: jst(D, '13:00') }] }, 'breaks.0.start_at', '休憩の開始時刻を入力してください'],
    [
      'not an instant',
      { breaks: [{ start_at: '12:00', end_at: jst(D, '13:00') }] },
      'breaks.0.start_at',
      '休憩の時刻の形式が正しくありません',
    ],
    [
      'an instant without its offset',
      { breaks: [{ start_at: jst(D, '12:00'), end_at: `${D}T13:00:00` }] },
      'breaks.0.end_at',
      '休憩の時刻の形式が正しくありません',
    ],
    [
      'an unknown field',
      { breaks: [{ ...brk(D, '12:00', '13:00'), minutes: 60 }] },
      'breaks.0',
      '休憩の形式が正しくありません',
    ],
    [
      'end before start',
      { breaks: [brk(D, '13:00', '12:00')] },
      'breaks.0.end_at',
      '休憩の終了は開始より後の時刻にしてください',
    ],
    [
      'end equal to start',
      { breaks: [brk(D, '12:00', '12:00')] },
      'breaks.0.end_at',
      '休憩の終了は開始より後の時刻にしてください',
    ],
    [
      'before 出勤',
      { breaks: [brk(D, '08:30', '09:30')] },
      'breaks.0.start_at',
      '休憩は出勤から退勤までの間に入力してください',
    ],
    [
      'after 退勤',
      { breaks: [brk(D, '17:30', '18:30')] },
      'breaks.0.start_at',
      '休憩は出勤から退勤までの間に入力してください',
    ],
    [
      'outside the corrected shift (退勤 corrected to 17:00)',
      { punch_out_at: '17:00', breaks: [brk(D, '17:00', '17:30')] },
      'breaks.0.start_at',
      '休憩は出勤から退勤までの間に入力してください',
    ],
    [
      'overlapping',
      { breaks: [brk(D, '12:00', '13:00'), brk(D, '12:30', '13:30')] },
      'breaks.1.start_at',
      '休憩は時刻の早い順に、重ならないように入力してください',
    ],
    [
      'out of order',
      { breaks: [brk(D, '15:00', '15:15'), brk(D, '12:00', '13:00')] },
      'breaks.1.start_at',
      '休憩は時刻の早い順に、重ならないように入力してください',
    ],
  ];

  beforeAll(async () => {
    await forgotten(D);
    // A day still without 退勤 and a day never punched.
    await putDay('2026-06-06', { punchInAt: jst('2026-06-06', '09:00') });
  });

  it.each(cases)('%s', async (_name, extra, field, message) => {
    at(NOW);
    const before = await tableSnapshot(stack.tableName);
    const res = await me.post('/api/v1/modify_timestamps', body(D, extra));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('正しい時刻を設定してください');
    expect(res.body.errors?.[field]).toEqual([message]);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('breaks on a day without 退勤, or without any punch, need both punch times', async () => {
    at(NOW);
    const before = await tableSnapshot(stack.tableName);
    for (const date of ['2026-06-06', '2026-06-07']) {
      const res = await me.post('/api/v1/modify_timestamps', body(date, { breaks: [brk(date, '12:00', '13:00')] }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ breaks: ['休憩を設定するには、出勤と退勤の時刻が必要です'] });
    }
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // With both times given in the same correction, the missing day is created with its break.
    const created = await me.post(
      '/api/v1/modify_timestamps',
      body('2026-06-07', {
        punch_in_at: '09:00',
        punch_out_at: '18:00',
        breaks: [brk('2026-06-07', '12:00', '13:00')],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ before_breaks: [], before_punch_in_at: null });
    expect((await dayOf('2026-06-07'))!.breaks).toEqual([
      { startAt: jst('2026-06-07', '12:00'), endAt: jst('2026-06-07', '13:00') },
    ]);
  });
});

describe('closed periods, roles and tenancy', () => {
  it('a day of a closed period is refused 409 with the breaks unchanged', async () => {
    at(NOW);
    const D = '2026-05-12';
    await forgotten(D);
    await putPeriodClosing(tenant.companyId, {
      period: '2026-05',
      from: '2026-05-01',
      to: '2026-05-31',
      status: 'closed',
    });
    try {
      const before = await tableSnapshot(stack.tableName);
      const res = await me.post('/api/v1/modify_timestamps', body(D, { breaks: [brk(D, '12:00', '13:00')] }));
      expect(res.status).toBe(409);
      expect(res.body.errors.date[0]).toMatch(/締め済み/);
      expect(await tableSnapshot(stack.tableName)).toEqual(before);
    } finally {
      await putPeriodClosing(tenant.companyId, {
        period: '2026-05',
        from: '2026-05-01',
        to: '2026-05-31',
        status: 'reopened',
      });
    }
  });

  it("an admin cannot use the employee's correction; an employee corrects only their own day", async () => {
    at(NOW);
    const D = '2026-06-08';
    await forgotten(D);
    const colleague = tenant.employees[1]!.id;
    await putDay(
      D,
      { punchInAt: jst(D, '09:00'), punchOutAt: jst(D, '18:00'), breaks: [{ startAt: jst(D, '12:00') }] },
      {
        tenant,
        employeeId: colleague,
      },
    );
    const before = await tableSnapshot(stack.tableName);
    const asAdmin = await admin.post('/api/v1/modify_timestamps', body(D, { breaks: [brk(D, '12:00', '13:00')] }));
    expect(asAdmin.status).toBe(403);
    // Naming someone else is no field of the correction.
    const named = await me.post(
      '/api/v1/modify_timestamps',
      body(D, { employee_id: colleague, breaks: [brk(D, '12:00', '13:00')] }),
    );
    expect(named.status).toBe(400);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);

    // Another company's employee correcting the same date writes only their own (new) day.
    const theirs = await stranger.post(
      '/api/v1/modify_timestamps',
      body(D, { punch_in_at: '09:00', punch_out_at: '18:00', breaks: [brk(D, '12:00', '13:00')] }),
    );
    expect(theirs.status).toBe(201);
    expect((await dayOf(D))!.breaks).toEqual([{ startAt: jst(D, '12:00') }]);
    expect((await dayOf(D, colleague))!.breaks).toEqual([{ startAt: jst(D, '12:00') }]);
    expect((await dayOf(D, other.employees[0]!.id, other.companyId))!.breaks).toHaveLength(1);
  });
});
