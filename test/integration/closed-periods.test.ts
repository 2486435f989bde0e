/**
 * Issue 15, closing a period (締め): every write route that can change a day of a closed payroll period
 * refuses it (409, the period named, the message also on the field the screen shows it next to) and
 * writes nothing: not the day, the request, the 未処理 item, the audit event, the idempotency record or
 * a settings version (a whole-table snapshot before and after each refusal). The same changes go through
 * in an open period, and again once the period is reopened.
 *
 * Deliberately not refused (see the comments at manualGrant and updateStaff): paid-leave grants (they
 * change the balance and the 管理簿, no day's figures) and staff department / status changes (they
 * rewrite no day and recompute no summary).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import type { ClosingStatus } from '../../functions/db/entities/period-closing.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient, HttpResponse } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { jaErrorBody } from '../support/error-body.js';
import { standardAgreement } from '../support/agreement.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
let employeeId: string;
const realNow = clock.now;
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
/** 2026-11-10 12:00 in Tokyo: October is over and can be closed. */
const NOW = '2026-11-10T03:00:00Z';

const october = (status: ClosingStatus) =>
  putPeriodClosing(tenant.companyId, { period: '2026-10', from: '2026-10-01', to: '2026-10-31', status });

/** The words the employee and the admin read: the period by name and what to do about it. */
const CLOSED =
  '2026年10月度（10月1日〜10月31日）は締め済みのため変更できません。変更が必要な場合は管理者が締めを解除してください。';
/** A settings version from a day on or before the closed period's last day. */
const CLOSED_FROM = '2026年10月度（10月1日〜10月31日）は締め済みです。適用開始日は10月31日より後の日付にしてください。';

/** 409 with the message as the summary and on `field`, and the table exactly as before the call. */
async function refused(call: () => Promise<HttpResponse>, field = 'date', message = CLOSED) {
  const before = await tableSnapshot(stack.tableName);
  const res = await call();
  expect(res.body).toEqual(jaErrorBody(message, { [field]: [message] }));
  expect(res.status).toBe(409);
  expect(await tableSnapshot(stack.tableName)).toEqual(before);
}

const jst = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`).toISOString();
const putDay = (workDate: string, day: { punchInAt?: string; punchOutAt?: string }) =>
  db()
    .entities.AttendanceDay.put({ companyId: tenant.companyId, employeeId, workDate, ...day })
    .go();
const dayOf = async (workDate: string) =>
  (await db().entities.AttendanceDay.get({ companyId: tenant.companyId, employeeId, workDate }).go()).data;

const KINDS = ['holiday_requests', 'holiday_work_requests', 'over_work_requests'] as const;
type Kind = (typeof KINDS)[number];
const requestBody = (kind: Kind, date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { ...(kind === 'holiday_requests' ? { kind: 1 } : {}), year, month, day, reason: '私用' };
};
const correction = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day, punch_in_at: '09:00', punch_out_at: '18:00', reason: '打刻忘れ' };
};
/** Requests filed on 10/7 while October was open, one per kind: decided or withdrawn below. */
const pending: Record<Kind, string> = { holiday_requests: '', holiday_work_requests: '', over_work_requests: '' };
/** Filed on 10/9 while open: a second set for the withdrawals. */
const toWithdraw: Record<Kind, string> = { holiday_requests: '', holiday_work_requests: '', over_work_requests: '' };

const agreement = standardAgreement;
const workingTime = () => ({
  fixed_hour: 8,
  fixed_minute: 0,
  over_hour: 1,
  over_minute: 0,
  department_id: tenant.departmentId,
});
const breakTime = () => ({
  condition_hour: 6,
  condition_minute: 0,
  break_hour: 0,
  break_minute: 45,
  department_id: tenant.departmentId,
});

beforeAll(async () => {
  at(NOW);
  tenant = await createTenant({ employees: 1 });
  employeeId = tenant.employees[0]!.id;
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  await putDay('2026-10-05', { punchInAt: jst('2026-10-05', '09:00'), punchOutAt: jst('2026-10-05', '18:00') });
  await putDay('2026-10-06', { punchInAt: jst('2026-10-06', '09:30') });
  for (const kind of KINDS) {
    for (const [date, into] of [
      ['2026-10-07', pending],
      ['2026-10-09', toWithdraw],
    ] as const) {
      const res = await staff.post(`/api/v1/${kind}`, requestBody(kind, date));
      expect(res.status).toBe(201);
      into[kind] = res.body.data.id as string;
    }
  }
  await october('closed');
}, 120_000);
afterAll(() => {
  clock.now = realNow;
});

describe('a closed period refuses every change to its days', () => {
  it('punch (create-timestamp): a night shift of 10/31 punched out on 11/1', async () => {
    await putDay('2026-10-31', { punchInAt: jst('2026-10-31', '22:00') });
    at('2026-10-31T20:00:00Z'); // 11/1 05:00 in Tokyo: the 10/31 shift is still the one open
    try {
      await refused(() => staff.post('/api/v1/timestamps', { note: '' }));
    } finally {
      at(NOW);
    }
    expect((await dayOf('2026-10-31'))?.punchOutAt).toBeUndefined();
  });

  it('break punches (create-timestamp with kind): the 10/31 night shift on a break at 11/1 03:00', async () => {
    await db()
      .entities.AttendanceDay.put({
        companyId: tenant.companyId,
        employeeId,
        workDate: '2026-10-31',
        punchInAt: jst('2026-10-31', '22:00'),
        breaks: [{ startAt: new Date('2026-11-01T02:00:00+09:00').toISOString() }],
      })
      .go();
    at('2026-10-31T18:00:00Z'); // 11/1 03:00 in Tokyo: the 10/31 shift is still the one open
    try {
      // (休憩開始 while on the break is a repeat: answered with the state, nothing written, no check needed.)
      for (const kind of ['break_end', 'out', undefined])
        await refused(() => staff.post('/api/v1/timestamps', kind ? { kind } : {}));
    } finally {
      at(NOW);
    }
    expect(await dayOf('2026-10-31')).toMatchObject({
      breaks: [{ startAt: new Date('2026-11-01T02:00:00+09:00').toISOString() }],
    });
    expect((await dayOf('2026-10-31'))?.punchOutAt).toBeUndefined();
  });

  it('delete an attendance record (delete-timestamp)', async () => {
    await refused(() => admin.delete(`/api/v1/timestamps/${employeeId}_2026-10-05`));
    expect(await dayOf('2026-10-05')).toMatchObject({ punchOutAt: jst('2026-10-05', '18:00') });
  });

  it('correct a day (create-modify-timestamp), with an Idempotency-Key that stays free for a retry', async () => {
    await refused(() =>
      staff.post('/api/v1/modify_timestamps', correction('2026-10-06'), {
        headers: { 'Idempotency-Key': 'closed-correction-1' },
      }),
    );
    expect((await dayOf('2026-10-06'))?.punchOutAt).toBeUndefined();
    expect((await staff.get('/api/v1/modify_timestamps')).body.data).toEqual([]);
  });

  it.each(KINDS)('file a request (%s), paid leave included', async (kind) => {
    await refused(() => staff.post(`/api/v1/${kind}`, requestBody(kind, '2026-10-08')));
    if (kind === 'holiday_requests')
      await refused(() => staff.post(`/api/v1/${kind}`, { ...requestBody(kind, '2026-10-08'), kind: 0 }));
  });

  it.each(KINDS)('approve or reject a request (%s): it stays pending, the day unmarked', async (kind) => {
    await refused(() => admin.put(`/api/v1/${kind}/${pending[kind]}`, { status: 1 }));
    await refused(() => admin.put(`/api/v1/${kind}/${pending[kind]}`, { status: 2 }));
    const list = await admin.get('/api/v1/pending_requests');
    expect(list.body.data.requests.map((r: { id: string }) => r.id)).toContain(pending[kind]);
    expect(await dayOf('2026-10-07')).toBeNull();
  });

  it.each(KINDS)('withdraw a request (%s)', async (kind) => {
    await refused(() => staff.delete(`/api/v1/${kind}/${toWithdraw[kind]}`));
  });

  it('a 36協定 version effective on or before the closed period’s last day; the day after is accepted', async () => {
    await refused(
      () => admin.put('/api/v1/overtime_agreement', agreement('2026-10-15')),
      'effective_from',
      CLOSED_FROM,
    );
    await refused(
      () => admin.put('/api/v1/overtime_agreement', agreement('2026-10-31')),
      'effective_from',
      CLOSED_FROM,
    );
    const saved = await admin.put('/api/v1/overtime_agreement', agreement('2026-11-01'));
    expect(saved.status).toBe(200);
    expect(saved.body.data.versions.map((v: { effective_from: string }) => v.effective_from)).toEqual(['2026-11-01']);
  });

  it('settings without a date apply from today: refused while today is in the closed period', async () => {
    // 10/31 17:00 in Tokyo, October already closed (its last day): the rule would apply to 10/31.
    at('2026-10-31T08:00:00Z');
    try {
      await refused(() => admin.post('/api/v1/working_times', workingTime()), 'effective_from', CLOSED_FROM);
      await refused(() => admin.post('/api/v1/break_times', breakTime()), 'effective_from', CLOSED_FROM);
      await refused(() => admin.put('/api/v1/overtime_agreement', agreement()), 'effective_from', CLOSED_FROM);
    } finally {
      at(NOW);
    }
  });

  it('while the closing job runs (status closing) the days are frozen already', async () => {
    await october('closing');
    try {
      await refused(() => staff.post('/api/v1/modify_timestamps', correction('2026-10-06')));
    } finally {
      await october('closed');
    }
  });

  it('not refused: a paid-leave grant dated in the closed period (balance and 管理簿, no day figure)', async () => {
    const res = await admin.post(`/api/v1/paid_leave/employees/${employeeId}/grants`, {
      granted_on: '2026-10-10',
      days: 1,
      kind: 'extra',
      reason: '特別付与',
    });
    expect(res.status).toBe(201);
  });
});

describe('outside a closed period, and once it is reopened', () => {
  it('the same changes to days of an open period go through', async () => {
    await putDay('2026-09-07', { punchInAt: jst('2026-09-07', '09:00'), punchOutAt: jst('2026-09-07', '18:00') });
    expect((await staff.post('/api/v1/modify_timestamps', correction('2026-09-08'))).status).toBe(201);
    expect((await admin.delete(`/api/v1/timestamps/${employeeId}_2026-09-07`)).status).toBe(200);
    for (const kind of KINDS) {
      const filed = await staff.post(`/api/v1/${kind}`, requestBody(kind, '2026-11-12'));
      expect(filed.status).toBe(201);
      expect((await admin.put(`/api/v1/${kind}/${filed.body.data.id}`, { status: 1 })).status).toBe(200);
    }
    expect((await staff.post('/api/v1/timestamps', { note: '' })).status).toBe(200);
    expect((await admin.post('/api/v1/working_times', workingTime())).status).toBe(200);
    expect((await admin.post('/api/v1/break_times', breakTime())).status).toBe(200);
  });

  it('a reopened period accepts every change again; the refused correction’s key was never kept', async () => {
    await october('reopened');
    const retried = await staff.post('/api/v1/modify_timestamps', correction('2026-10-06'), {
      headers: { 'Idempotency-Key': 'closed-correction-1' },
    });
    expect(retried.status).toBe(201);
    expect(await dayOf('2026-10-06')).toMatchObject({ punchOutAt: jst('2026-10-06', '18:00') });
    expect((await admin.delete(`/api/v1/timestamps/${employeeId}_2026-10-05`)).status).toBe(200);
    for (const kind of KINDS) {
      expect((await staff.post(`/api/v1/${kind}`, requestBody(kind, '2026-10-08'))).status).toBe(201);
      expect((await admin.put(`/api/v1/${kind}/${pending[kind]}`, { status: 1 })).status).toBe(200);
      expect((await staff.delete(`/api/v1/${kind}/${toWithdraw[kind]}`)).status).toBe(200);
    }
    expect(await dayOf('2026-10-07')).toMatchObject({
      leaveType: 1,
      overWorkApproved: true,
      holidayWorkApproved: true,
    });
    expect((await admin.put('/api/v1/overtime_agreement', agreement('2026-10-15'))).status).toBe(200);
  });
});
