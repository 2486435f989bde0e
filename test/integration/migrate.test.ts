/**
 * The one migration runner (functions/jobs/migrate.ts) on a table holding a member as stored before
 * issue 19 (no index keys, no e-mail unique item, no ledger, a department with no count) in a company
 * opened before its 利用開始日 was kept (issue 29): every step
 * writes what is missing, the member is then listed, found by フリガナ and by 氏名, and its balance comes
 * from its ledger; a second run writes nothing.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertGrant } from '../../functions/db/paid-leave.js';
import { db } from '../../functions/db/service.js';
import { migrateAllCompanies } from '../../functions/jobs/migrate.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { aprilGrant } from '../support/grants.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { tokyoDate } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 0, name: '移行株式会社' });
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
});

const names = async (path: string) => ((await admin.get(path)).body.data as { name: string }[]).map((s) => s.name);

describe('functions/jobs/migrate.ts', () => {
  it('writes every missing piece once, and a rerun writes nothing', async () => {
    expect(await names('/api/v1/employees')).toEqual([]);

    const first = await migrateAllCompanies();
    // The tenant's company (one in this file's table); each step wrote the old member's piece.
    expect(first.companies).toBe(1);
    expect(first.written).toEqual({
      'staff index keys (listOrder, nameKey)': 1,
      // The department (1 member) and the employment status (0: the member has none).
      'department and employment status counts': 2,
      'staff e-mail unique items': 1,
      'paid-leave ledgers': 1,
      // Issue 29 item 8: the company's 利用開始日, from the day it was opened.
      'company first day of use': 1,
    });

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

    const { data: company } = await db().entities.Company.get({ companyId: tenant.companyId }).go();
    expect(company?.usageStartedOn).toBe(tokyoDate(new Date(company!.createdAt)));

    const again = await migrateAllCompanies();
    expect(Object.values(again.written)).toEqual([0, 0, 0, 0, 0]);
  });
});
