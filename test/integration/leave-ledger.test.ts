/**
 * The paid-leave ledger on the employee item (functions/db/leave-ledger.ts): every grant, filing,
 * decision and withdrawal moves it in its own transaction, so after each step it equals the ledger
 * built from the stored grants and requests; 有給管理's list pages through the staff index and reads
 * the balances from it; a member without a current ledger (stored before it) is read on their own and
 * put right by the backfill.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentLedger, ledgerFrom } from '../../functions/db/leave-ledger.js';
import {
  backfillLeaveLedgers,
  employeeGrants,
  employeeLeaveRequests,
  insertGrant,
} from '../../functions/db/paid-leave.js';
import { fileRequest } from '../../functions/db/requests.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** Noon in Tokyo on a company-local date. */
const on = (date: string) => {
  clock.now = () => new Date(`${date}T03:00:00Z`);
};

let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let secondAdmin: HttpClient;
let staff: HttpClient[];

const ymd = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};
const fileLeave = (client: HttpClient, date: string, unit: 'day' | 'am' = 'day') =>
  client.post('/api/v1/holiday_requests', { kind: 0, ...ymd(date), reason: '私用', unit });
const idOf = (who: number) => tenant.employees[who]!.id;

/** The stored ledger, and the one the stored grants and requests make: they must agree after every write. */
async function ledgers(who: number) {
  const employeeId = idOf(who);
  const { data } = await db()
    .entities.Employee.get({ companyId: tenant.companyId, employeeId })
    .go({ consistent: true });
  const rebuilt = ledgerFrom(
    await employeeGrants(tenant.companyId, employeeId),
    await employeeLeaveRequests(tenant.companyId, employeeId),
  );
  return { stored: data ? currentLedger(data) : null, rebuilt };
}
async function expectInStep(who: number) {
  const { stored, rebuilt } = await ledgers(who);
  expect(stored).not.toBeNull();
  expect(stored).toEqual(rebuilt);
  return stored!;
}

async function listRow(who: number) {
  const res = await admin.get('/api/v1/paid_leave/employees');
  expect(res.status).toBe(200);
  return res.body.data.find((r: { employee_id: string }) => r.employee_id === idOf(who));
}

beforeAll(async () => {
  tenant = await createTenant({ employees: 3, name: '台帳株式会社' });
  other = await createTenant({ employees: 1, name: '他社台帳株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  secondAdmin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await Promise.all(tenant.employees.map((e) => signIn(stack.baseUrl, 'employee', e)));
});

describe('the leave ledger moves with every leave write', () => {
  it('a new member starts with an empty, current ledger', async () => {
    expect(await expectInStep(0)).toEqual({ grants: [], takings: [] });
  });

  it('grant, filings, approval, rejection and withdrawal each keep it equal to the stored grants and requests', async () => {
    on('2026-06-10');
    const grant = await admin.post(`/api/v1/paid_leave/employees/${idOf(0)}/grants`, {
      granted_on: '2026-04-01',
      days: 10,
      kind: 'statutory',
      reason: '付与',
    });
    expect(grant.status).toBe(201);
    expect((await expectInStep(0)).grants).toEqual([
      { grantId: grant.body.data.id, grantedOn: '2026-04-01', days: 10, expiresOn: '2028-04-01', kind: 'statutory' },
    ]);

    const ids: string[] = [];
    for (const [date, unit] of [
      ['2026-06-15', 'day'],
      ['2026-06-16', 'am'],
      ['2026-06-17', 'day'],
      ['2026-06-18', 'day'],
    ] as const) {
      const res = await fileLeave(staff[0]!, date, unit);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id);
      await expectInStep(0);
    }
    expect((await admin.put(`/api/v1/holiday_requests/${ids[0]}`, { status: 1 })).status).toBe(200);
    await expectInStep(0);
    expect((await admin.put(`/api/v1/holiday_requests/${ids[1]}`, { status: 1 })).status).toBe(200);
    await expectInStep(0);
    expect((await admin.put(`/api/v1/holiday_requests/${ids[2]}`, { status: 2 })).status).toBe(200);
    await expectInStep(0);
    expect((await staff[0]!.delete(`/api/v1/holiday_requests/${ids[3]}`)).status).toBe(200);
    const ledger = await expectInStep(0);
    // Approved: 06-15 (1 day) and 06-16 (午前半休, 0.5); the rejected and the withdrawn ones left.
    expect(ledger.takings.map((t) => [t.date, t.status, t.leaveUnit])).toEqual([
      ['2026-06-15', 1, 'day'],
      ['2026-06-16', 1, 'am'],
    ]);
    // 39条: 10 days granted 2026-04-01, 1 + 0.5 taken → 8.5 left.
    expect(await listRow(0)).toMatchObject({ managed: true, remaining_days: 8.5, pending_days: 0 });
  });

  it('a refused filing or decision changes nothing, the ledger included', async () => {
    on('2026-06-10');
    const before = await tableSnapshot(stack.tableName);
    // A second request for a day already taken, and a decided request decided again: both 409.
    const duplicate = await fileLeave(staff[0]!, '2026-06-15');
    expect(duplicate.status).toBe(409);
    const listed = await staff[0]!.get('/api/v1/holiday_requests');
    const decided = listed.body.data.find((r: { status: number }) => r.status === 1);
    expect((await admin.put(`/api/v1/holiday_requests/${decided.id}`, { status: 2 })).status).toBe(409);
    expect(await tableSnapshot(stack.tableName)).toBe(before);
    await expectInStep(0);
  });

  it('two admins approving two requests of one member at once both land, and the ledger holds both', async () => {
    on('2026-06-10');
    const a = (await fileLeave(staff[0]!, '2026-07-06')).body.data.id;
    const b = (await fileLeave(staff[0]!, '2026-07-07')).body.data.id;
    const [ra, rb] = await Promise.all([
      admin.put(`/api/v1/holiday_requests/${a}`, { status: 1 }),
      secondAdmin.put(`/api/v1/holiday_requests/${b}`, { status: 1 }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const ledger = await expectInStep(0);
    expect(ledger.takings.filter((t) => t.status === 1).map((t) => t.date)).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-07-06',
      '2026-07-07',
    ]);
    // 8.5 − 2 = 6.5.
    expect(await listRow(0)).toMatchObject({ remaining_days: 6.5 });
  });

  it('an unmanaged member’s leave is in the ledger, so a later grant counts it', async () => {
    on('2026-06-10');
    // No hire date, no grant: the filing is not checked, but it is recorded.
    const id = (await fileLeave(staff[1]!, '2026-06-12')).body.data.id;
    expect((await admin.put(`/api/v1/holiday_requests/${id}`, { status: 1 })).status).toBe(200);
    expect(await listRow(1)).toMatchObject({ managed: false });
    await insertGrant({
      companyId: tenant.companyId,
      employeeId: idOf(1),
      grantId: 'g-late',
      grantedOn: '2026-06-01',
      days: 10,
      expiresOn: '2028-06-01',
      kind: 'statutory',
      source: 'manual',
      reason: '遅れて登録',
      createdBy: 'test',
    });
    await expectInStep(1);
    // Granted 2026-06-01, the approved day of 06-12 uses it: 9 left.
    expect(await listRow(1)).toMatchObject({ managed: true, remaining_days: 9 });
  });
});

describe('paid leave filed without the balance check', () => {
  it('(the demo seed files through fileRequest) still enters the ledger in its transaction', async () => {
    on('2026-06-10');
    const filed = await fileRequest({
      companyId: tenant.companyId,
      employeeId: idOf(2),
      employeeName: '社員 3号',
      kind: 'holiday',
      date: '2026-06-22',
      leaveType: 0,
      leaveUnit: 'day',
      reason: 'デモ',
    });
    expect((await expectInStep(2)).takings).toEqual([
      { requestId: filed.requestId, date: '2026-06-22', status: 0, leaveUnit: 'day' },
    ]);
    // Another leave type is not paid leave: the ledger does not move.
    await fileRequest({
      companyId: tenant.companyId,
      employeeId: idOf(2),
      employeeName: '社員 3号',
      kind: 'holiday',
      date: '2026-06-23',
      leaveType: 1,
      reason: 'デモ',
    });
    expect((await expectInStep(2)).takings).toHaveLength(1);
  });
});

describe('members stored before the ledger', () => {
  it('are read on their own until the backfill writes their ledger; a rerun writes nothing', async () => {
    on('2026-06-10');
    // As stored before the ledger: no ledger counter (the item predates it).
    await db()
      .entities.Employee.patch({ companyId: tenant.companyId, employeeId: idOf(0) })
      .remove(['leaveLedger', 'leaveLedgerSeq'])
      .go();
    expect((await ledgers(0)).stored).toBeNull();
    // The list and 勤怠集計 still show the right balance (the member's own grants and requests).
    expect(await listRow(0)).toMatchObject({ remaining_days: 6.5 });
    const totals = await admin.get('/api/v1/attendance_totals?period=2026-06');
    expect(totals.status).toBe(200);
    const row = totals.body.data.rows.find((r: { employee_id: string }) => r.employee_id === idOf(0));
    expect(row.paid_leave_balance).toMatchObject({ days: 6.5, hours: 0 });
    // A leave write meanwhile bumps the counter only; the backfill then builds from what is stored.
    const id = (await fileLeave(staff[0]!, '2026-08-03')).body.data.id;
    expect((await ledgers(0)).stored).toBeNull();
    expect(await backfillLeaveLedgers(tenant.companyId)).toBe(1);
    expect(await backfillLeaveLedgers(tenant.companyId)).toBe(0);
    expect((await expectInStep(0)).takings.find((t) => t.requestId === id)).toMatchObject({ status: 0 });
  });
});

describe('有給管理 list pages', () => {
  it('a page at a time in 五十音 order with a sealed cursor; a bad limit or cursor is a 400', async () => {
    const first = await admin.get('/api/v1/paid_leave/employees?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(typeof first.body.next_cursor).toBe('string');
    const second = await admin.get(
      `/api/v1/paid_leave/employees?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.data, ...second.body.data].map((r: { employee_id: string }) => r.employee_id);
    expect(all.sort()).toEqual(tenant.employees.map((e) => e.id).sort());

    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    // Another company's cursor is not ours.
    const foreign = await otherAdmin.get(
      `/api/v1/paid_leave/employees?cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.cursor).toBeDefined();
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=forged', 'page=2']) {
      const res = await admin.get(`/api/v1/paid_leave/employees?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(
        query.startsWith('cursor')
          ? '続きの読み込みに失敗しました。一覧を最初から読み込み直してください。'
          : '入力内容に不備があります。',
      );
    }
  });
});
