/**
 * Issue 29 item 8, the five-day duty (年5日の取得義務, 39条7項) of an onboarding: a company opened on
 * Saturday 2026-11-28 registers a member hired 2024-04-01. The grant run makes the live grants of
 * 2025-10-01 (11 days) and 2026-10-01 (12 days); the first grant year ended on 2026-09-30, before the
 * company used the product, and used to show 期限超過. The duty is judged only from the day the records
 * begin (the later of the hire date and the company's first day of use) unless the admin states the days
 * taken before (staff form, audited). Derivations: test/unit/paid-leave-records.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { grantRunDone } from '../support/grant-runs.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createOperator, signIn } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';
import { tableSnapshot } from '../support/table.js';

const stack = useTestStack();
const realNow = clock.now;
const run = Date.now().toString(36);
let admin: HttpClient;
let companyId: string;
let member: string;

const staffBody = (overrides: Record<string, unknown> = {}) => ({
  last_name: '古参',
  first_name: '太郎',
  email: `veteran-${run}@example.test`,
  password: 'Temp#Passw0rd2026',
  department_id: null,
  employment_status_id: null,
  hire_date: '2024-04-01',
  ...overrides,
});

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  // The operator opens the account today, as for any new customer.
  const operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
  const email = `onboarding-${run}@example.test`;
  const opened = await operator.post('/api/v1/companies', {
    name: '株式会社初日',
    staff_name: '管理 花子',
    email,
    password: 'Temp#Passw0rd2026',
    plan: 1,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  companyId = opened.body.data.id;
  admin = createHttpClient(stack.baseUrl);
  await admin.get('/api/v1/session');
  const first = await admin.post('/companies/sign_in', { company: { email, password: 'Temp#Passw0rd2026' } });
  expect(first.body.data.challenge).toBe('NEW_PASSWORD_REQUIRED');
  expect((await admin.post('/companies/new_password', { company: { password: 'Own#Passw0rd2026x' } })).status).toBe(
    200,
  );
  const created = await admin.post('/api/v1/employees', staffBody());
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  member = created.body.data.id;
  expect(await grantRunDone(admin)).toMatchObject({ status: 'done', granted: 2 });
});
afterAll(() => {
  clock.now = realNow;
});

const detail = async () => {
  const res = await admin.get(`/api/v1/paid_leave/employees/${member}`);
  expect(res.status).toBe(200);
  return res.body.data as {
    records_from: string | null;
    five_day_status: string | null;
    five_day: { base_dates: string[]; status: string; taken_days: number; taken_before_records: number | null }[];
  };
};

describe('the five-day duty of a member the company took on from before its first day', () => {
  it('keeps the company’s first day of use (利用開始日) from the day the account was opened', async () => {
    const { data } = await db().entities.Company.get({ companyId }).go();
    expect(data?.usageStartedOn).toBe('2026-11-28');
  });

  it('does not show 期限超過 for the grant year that ended before the records, and asks for the days before them', async () => {
    const d = await detail();
    expect(d.records_from).toBe('2026-11-28');
    expect(d.five_day.map((w) => [w.base_dates[0], w.status])).toEqual([['2026-10-01', 'unconfirmed']]);
    expect(d.five_day_status).toBe('unconfirmed');
    // Not on 勤怠状況's list of staff behind either (it lists 遅れ / 期限超過 only).
    const list = await admin.get('/api/v1/paid_leave/employees');
    expect(list.body.data.find((r: { employee_id: string }) => r.employee_id === member).five_day_status).toBe(
      'unconfirmed',
    );
  });

  it('judges the year on the days the admin states (staff form, audited)', async () => {
    const put = await admin.put(`/api/v1/employees/${member}`, {
      ...staffBody(),
      password: '',
      leave_taken_before_records: 2,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.leave_taken_before_records).toBe(2);
    const d = await detail();
    // 2 of 5 by 2026-11-28: October is over (one month), an even pace floor(5 × 1 ÷ 12) = 0 → 順調.
    expect(d.five_day[0]).toMatchObject({ status: 'on_track', taken_days: 2, taken_before_records: 2 });
    const events = (await admin.get('/api/v1/audit_events')).body.data.events as {
      action: string;
      before: { leave_taken_before_records?: unknown };
      after: { leave_taken_before_records?: unknown };
    }[];
    expect(events.find((e) => e.action === 'staff.update')).toMatchObject({
      before: { leave_taken_before_records: null },
      after: { leave_taken_before_records: 2 },
    });
  });

  it('refuses a figure that is no half-day count (400 on the field, nothing written)', async () => {
    const before = await tableSnapshot(stack.tableName);
    for (const bad of [0.3, -1, 41, '二日']) {
      const res = await admin.put(`/api/v1/employees/${member}`, {
        ...staffBody(),
        password: '',
        leave_taken_before_records: bad,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.leave_taken_before_records).toEqual([
        '記録開始前の取得日数は0〜40日の0.5日単位で入力してください',
      ]);
    }
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });
});
