/**
 * The one migration runner (functions/jobs/migrate.ts) on a table holding a member as stored before
 * issue 19 (no index keys, no e-mail unique item, no ledger, a department with no count), a company
 * with only the old company alert (アラート設定: 40 h, special clause) and no 36協定 version, opened
 * before its 利用開始日 was kept (issue 29), and no login index item (issue 30 item 3): every step
 * writes what is missing, the member is then listed, found by フリガナ and by 氏名, and its balance comes
 * from its ledger; the company has a 36協定 version carrying its alert over unchanged; a second run
 * writes nothing.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertGrant } from '../../functions/db/paid-leave.js';
import { db } from '../../functions/db/service.js';
import { migrateAllCompanies } from '../../functions/jobs/migrate.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { newId } from '../../functions/shared/ids.js';
import { aprilGrant } from '../support/grants.js';
import type { HttpClient } from '../support/http-client.js';
import { tokyo, tokyoDate } from '../support/test-clock.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { freshWorkStatus } from '../support/work-status.js';

const stack = useTestStack();
let tenant: TestTenant;
const closedCompanyId = newId();
let admin: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 0, name: '移行株式会社' });
  // A company closed before issue 30: its status says closed, its partition has no closure mark.
  await db()
    .entities.Company.put({
      companyId: closedCompanyId,
      name: '閉鎖済み株式会社',
      staffName: '管理 次郎',
      email: 'closed-admin@example.test',
      timeZone: 'Asia/Tokyo',
      status: 'closed',
      closedAt: '2026-10-01T00:00:00.000Z',
    })
    .go();
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  // The member as the table held them before issue 19: the profile only.
  await dynamo().send(
    new PutCommand({
      TableName: process.env.TABLE_NAME!,
      Item: {
        pk: `c#${tenant.companyId}`,
        sk: 'employee#old-member',
        companyId: tenant.companyId,
        employeeId: 'old-member',
        lastName: '伊藤',
        firstName: '古参',
        nameKana: 'イトウ コサン',
        email: 'old-member@example.test',
        departmentId: tenant.departmentId,
        status: 'active',
        createdAt: '2025-04-01T00:00:00.000Z',
        updatedAt: '2025-04-01T00:00:00.000Z',
        __edb_e__: 'employee',
        __edb_v__: '1',
      },
    }),
  );
  // A grant written then: the member's leave sequence moves, the ledger is not there yet.
  await insertGrant(aprilGrant(tenant.companyId, 'old-member'));
  // The department and employment status as they were before the counts: no activeStaff.
  await db()
    .entities.Department.patch({ companyId: tenant.companyId, departmentId: tenant.departmentId })
    .remove(['activeStaff'])
    .go();
  await db()
    .entities.EmploymentStatus.patch({ companyId: tenant.companyId, employmentStatusId: tenant.employmentStatusId })
    .remove(['activeStaff'])
    .go();
  // A company registered on 2026-04-01 with the alert the retired アラート設定 (PUT
  // /api/v1/work_status/alert) stored: 40 h, with a special clause; no 36協定 version.
  const { data: company } = await db().entities.Company.get({ companyId: tenant.companyId }).go();
  await db()
    .entities.Company.put({
      ...company!,
      createdAt: tokyo('2026-04-01', '09:00').toISOString(),
      overtimeAlertMinutes: 40 * 60,
      specialClause: true,
    })
    .go();
});

const names = async (path: string) => ((await admin.get(path)).body.data as { name: string }[]).map((s) => s.name);

describe('functions/jobs/migrate.ts', () => {
  it('writes every missing piece once, and a rerun writes nothing', async () => {
    expect(await names('/api/v1/employees')).toEqual([]);

    const first = await migrateAllCompanies();
    // The two companies of this file's table; each step wrote the old member's piece.
    expect(first.companies).toBe(2);
    expect(first.written).toEqual({
      'staff index keys (listOrder, nameKey)': 1,
      // The department (1 member) and the employment status (0: the member has none).
      'department and employment status counts': 2,
      'staff e-mail unique items': 1,
      'paid-leave ledgers': 1,
      'closure marks of closed companies': 1,
      // Neither company had a 36協定 version: one each from its old alert (the closed company's records,
      // kept and exported, are judged as before too).
      '36協定 version from the old company alert': 2,
      // Issue 29 item 8: each company's 利用開始日, from the day it was opened.
      'company first day of use': 2,
      // Issue 30 item 3: the old member's login index item (the tenant's admin has one already).
      'login index items': 1,
    });
    const { data: mark } = await db().entities.CompanyClosure.get({ companyId: closedCompanyId }).go();
    expect(mark).toMatchObject({ closedAt: '2026-10-01T00:00:00.000Z' });

    expect(await names('/api/v1/employees')).toEqual(['伊藤 古参']);
    expect(await names(`/api/v1/employees?q=${encodeURIComponent('いと')}`)).toEqual(['伊藤 古参']);
    expect(await names(`/api/v1/employees?q=${encodeURIComponent('伊藤')}`)).toEqual(['伊藤 古参']);
    const { data: member } = await db()
      .entities.Employee.get({ companyId: tenant.companyId, employeeId: 'old-member' })
      .go();
    expect(member?.leaveLedgerSeq).toBe(member?.leaveSeq);
    expect(member?.leaveLedger).toMatchObject({ grants: [expect.objectContaining({ days: 10 })] });
    const { data: department } = await db()
      .entities.Department.get({ companyId: tenant.companyId, departmentId: tenant.departmentId })
      .go();
    expect(department?.activeStaff).toBe(1);
    const { data: status } = await db()
      .entities.EmploymentStatus.get({ companyId: tenant.companyId, employmentStatusId: tenant.employmentStatusId })
      .go();
    expect(status?.activeStaff).toBe(0);

    // A 36協定 version in force from the company's first day (2026-04-01) says what the old alert said:
    // 40 h is not a whole % of 45 h (88.9 %), so the alert is kept in hours; the statutory limits
    // (45 h / 360 h; the clause's own limits left at the law's) and 4月1日 as before.
    const agreement = (await admin.get('/api/v1/overtime_agreement')).body.data;
    expect(agreement.versions).toHaveLength(1);
    expect(agreement.in_force).toMatchObject({
      effective_from: '2026-04-01',
      start_month: 4,
      variant: 'standard',
      monthly_limit_hours: 45,
      annual_limit_hours: 360,
      special_clause: true,
      special_monthly_limit_hours: null,
      special_annual_limit_hours: null,
      special_months: null,
      alert_hours: 40,
    });
    // 勤怠状況 judges with the same alert and clause as before the migration.
    const figures = await freshWorkStatus(admin);
    expect({ limit: figures.alert_limit_minutes, clause: figures.special_clause }).toEqual({
      limit: 2400,
      clause: true,
    });

    const { data: company } = await db().entities.Company.get({ companyId: tenant.companyId }).go();
    expect(company?.usageStartedOn).toBe('2026-04-01');
    expect(company?.usageStartedOn).toBe(tokyoDate(new Date(company!.createdAt)));

    const again = await migrateAllCompanies();
    expect(Object.values(again.written)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // The old member is found by its e-mail, under the username its record keeps (none: the e-mail).
    const { data: logins } = await db()
      .entities.LoginName.query.byEmail({ pool: 'employee', email: 'old-member@example.test' })
      .go();
    expect(logins).toEqual([
      expect.objectContaining({
        companyId: tenant.companyId,
        userId: 'old-member',
        username: 'old-member@example.test',
      }),
    ]);
    expect((await admin.get('/api/v1/overtime_agreement')).body.data.versions).toHaveLength(1);
  });
});
