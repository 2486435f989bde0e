/** Working-time and break-time rules: precedence through the API, the legal-minimum warning, 400s. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient, HttpResponse } from '../support/http-client.js';
import { tableSnapshot } from './admin-support.js';

const stack = useTestStack();
const SETTING_DEFECT = '設定内容に不備があります。';

let tenant: TestTenant;
let admin: HttpClient;
let dept: string;
let status: string;

beforeAll(async () => {
  tenant = await createTenant({ employees: 0 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  dept = tenant.departmentId;
  status = tenant.employmentStatusId;
});

/**
 * A save, then the background recompute it started run to its end: the "no write" checks below compare
 * table snapshots, which a job still moving on would change.
 */
async function save(path: string, body: unknown): Promise<HttpResponse> {
  const res = await admin.post(path, body);
  const id = (res.body?.data as { recompute?: { id: string } | null } | undefined)?.recompute?.id;
  if (id)
    await expect
      .poll(async () => (await admin.get(`/api/v1/recompute_jobs/${id}`)).body.data.status, { timeout: 30_000 })
      .toBe('done');
  return res;
}

const q = (d: string | null, s: string | null) => `?department_id=${d ?? ''}&employment_status_id=${s ?? ''}`;

describe('working-time rules', () => {
  const body = { fixed_hour: 8, fixed_minute: 0, over_hour: 8, over_minute: 30, unpaid_hour: 20, unpaid_minute: 0 };

  it('has no rule in force before one is set', async () => {
    const res = await admin.get(`/api/v1/working_times${q(dept, status)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      department_id: dept,
      employment_status_id: status,
      level: null,
      rule: null,
      warning: null,
      on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      effective_from: null,
      history: [],
    });
  });

  it('saves per department and per status; the most specific rule is in force', async () => {
    const saved = await save('/api/v1/working_times', {
      ...body,
      department_id: dept,
      employment_status_id: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ level: 'department', rule: body });

    await save('/api/v1/working_times', {
      ...body,
      fixed_hour: 6,
      unpaid_hour: null,
      unpaid_minute: null,
      department_id: null,
      employment_status_id: status,
    });
    expect((await admin.get(`/api/v1/working_times${q(dept, status)}`)).body.data).toMatchObject({
      level: 'department',
      rule: { fixed_hour: 8 },
    });
    expect((await admin.get(`/api/v1/working_times${q(null, status)}`)).body.data).toMatchObject({
      level: 'employment_status',
      rule: { fixed_hour: 6, unpaid_hour: null, unpaid_minute: null },
    });

    await save('/api/v1/working_times', {
      ...body,
      fixed_hour: 7,
      fixed_minute: 45,
      department_id: dept,
      employment_status_id: status,
    });
    expect((await admin.get(`/api/v1/working_times${q(dept, status)}`)).body.data).toMatchObject({
      level: 'department_and_status',
      rule: { fixed_hour: 7, fixed_minute: 45 },
    });
    // Nothing is set for "all": the company has no working-time default.
    expect((await admin.get('/api/v1/working_times')).body.data).toMatchObject({ level: null, rule: null });
  });

  it.each<[string, Record<string, unknown>]>([
    ['neither department nor status', { department_id: null, employment_status_id: null }],
    ['missing the overtime pair', { over_hour: undefined, over_minute: undefined }],
    ['a fixed hour over 24', { fixed_hour: 25 }],
    ['24:30', { fixed_hour: 24, fixed_minute: 30 }],
    ['minute 60', { over_minute: 60 }],
    ['half of the monthly pair', { unpaid_hour: 10, unpaid_minute: null }],
    ['a string hour', { fixed_hour: '8' }],
    ['another company’s department', { department_id: 'foreign' }],
    ['unknown field', { company_id: 'x' }],
  ])('%s → 400 設定内容に不備があります。 and no write', async (_, overrides) => {
    const other =
      overrides.department_id === 'foreign' ? (await createTenant({ employees: 0 })).departmentId : undefined;
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await save('/api/v1/working_times', {
      ...body,
      department_id: dept,
      employment_status_id: null,
      ...overrides,
      ...(other ? { department_id: other } : {}),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTING_DEFECT);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });
});

describe('break-time rules', () => {
  it('saves a company default without department or status, overridden by a department rule', async () => {
    const saved = await save('/api/v1/break_times', {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 1,
      break_minute: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      department_id: null,
      employment_status_id: null,
      level: 'company',
      rule: {
        condition_hour: 6,
        condition_minute: 0,
        break_hour: 1,
        break_minute: 0,
        tier2_condition_hour: null,
        tier2_condition_minute: null,
        tier2_break_hour: null,
        tier2_break_minute: null,
        windows: [],
        // Issue 29: days without punched breaks take this rule's break (the default when not sent).
        unpunched_breaks: 'rule',
      },
      warning: null,
      on: saved.body.data.effective_from,
      effective_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      history: [
        {
          effective_from: saved.body.data.effective_from,
          rule: saved.body.data.rule,
          warning: null,
          updated_at: expect.any(String),
        },
      ],
      recompute: expect.objectContaining({ id: expect.any(String), status: 'pending' }),
    });
    expect((await admin.get(`/api/v1/break_times${q(dept, status)}`)).body.data).toMatchObject({ level: 'company' });

    await save('/api/v1/break_times', {
      condition_hour: 5,
      condition_minute: 30,
      break_hour: 1,
      break_minute: 0,
      department_id: dept,
    });
    expect((await admin.get(`/api/v1/break_times${q(dept, status)}`)).body.data).toMatchObject({
      level: 'department',
      rule: { condition_hour: 5, condition_minute: 30 },
    });
    expect((await admin.get(`/api/v1/break_times${q(null, status)}`)).body.data).toMatchObject({ level: 'company' });
  });

  it('saves a rule below the legal minimum but answers a warning', async () => {
    const res = await save('/api/v1/break_times', {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 0,
      break_minute: 30,
      employment_status_id: status,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.level).toBe('employment_status');
    expect(res.body.data.warning).toContain('法定の休憩時間を下回っています');
    expect((await admin.get(`/api/v1/break_times${q(null, status)}`)).body.data.warning).toContain(
      '法定の休憩時間を下回っています',
    );
  });

  it.each([
    ['a missing select', { break_minute: undefined }],
    ['a break longer than the restraint', { condition_hour: 1, break_hour: 2 }],
    ['hour 25', { condition_hour: 25 }],
    ['negative minute', { break_minute: -1 }],
    ['a malformed department id', { department_id: 'DROP TABLE' }],
  ])('%s → 400 設定内容に不備があります。 and no write', async (_, overrides) => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await save('/api/v1/break_times', {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 1,
      break_minute: 0,
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTING_DEFECT);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('saves a two-tier rule with fixed windows and reads it back; the lawful two tiers carry no warning', async () => {
    // 拘束6:01以上→0:45, 拘束8:46以上→1:00. Work over 6 h needs 45, over 8 h 60 (34条, on work time):
    // 拘束 ≤ 6:00 works ≤ 6 h; 6:01–8:45 gets 45 → work ≤ 8:00; 8:46+ gets 60 → lawful: no warning.
    const body = {
      condition_hour: 6,
      condition_minute: 1,
      break_hour: 0,
      break_minute: 45,
      tier2_condition_hour: 8,
      tier2_condition_minute: 46,
      tier2_break_hour: 1,
      tier2_break_minute: 0,
      windows: [
        { start_hour: 15, start_minute: 0, end_hour: 15, end_minute: 15 },
        { start_hour: 12, start_minute: 0, end_hour: 12, end_minute: 45 },
      ],
      department_id: dept,
      employment_status_id: status,
    };
    const saved = await save('/api/v1/break_times', body);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ level: 'department_and_status', warning: null });
    const read = (await admin.get(`/api/v1/break_times${q(dept, status)}`)).body.data;
    expect(read.rule).toEqual({
      condition_hour: 6,
      condition_minute: 1,
      break_hour: 0,
      break_minute: 45,
      tier2_condition_hour: 8,
      tier2_condition_minute: 46,
      tier2_break_hour: 1,
      tier2_break_minute: 0,
      // Stored in clock order.
      windows: [
        { start_hour: 12, start_minute: 0, end_hour: 12, end_minute: 45 },
        { start_hour: 15, start_minute: 0, end_hour: 15, end_minute: 15 },
      ],
      // Issue 29: not sent → days without punched breaks take the rule's break.
      unpunched_breaks: 'rule',
    });
    // The single tier 拘束6:01以上→0:45 alone is short on long days (拘束 9:00 → work 8:15 > 8 h with 45).
    const single = await save('/api/v1/break_times', {
      ...body,
      tier2_condition_hour: null,
      tier2_condition_minute: null,
      tier2_break_hour: null,
      tier2_break_minute: null,
      windows: [],
    });
    expect(single.body.data.warning).toContain('法定の休憩時間を下回っています');
    expect(single.body.data.rule).toMatchObject({ tier2_condition_hour: null, windows: [] });
  });

  it.each([
    ['a second tier below the first', { tier2_condition_hour: 5 }, 'tier2_condition_hour'],
    ['a second-tier break below the first', { tier2_break_hour: 0, tier2_break_minute: 30 }, 'tier2_break_hour'],
    ['half a second tier', { tier2_break_hour: null }, 'tier2_condition_hour'],
    [
      'a window ending before it starts',
      { windows: [{ start_hour: 13, start_minute: 0, end_hour: 12, end_minute: 0 }] },
      'windows.0.end_hour',
    ],
    [
      'a window past 24:00',
      { windows: [{ start_hour: 23, start_minute: 0, end_hour: 24, end_minute: 30 }] },
      'windows.0.end_hour',
    ],
    [
      'overlapping windows',
      {
        windows: [
          { start_hour: 12, start_minute: 0, end_hour: 13, end_minute: 0 },
          { start_hour: 12, start_minute: 30, end_hour: 13, end_minute: 30 },
        ],
      },
      'windows',
    ],
  ])('%s → 400 with a field error and no write', async (_, overrides, field) => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await save('/api/v1/break_times', {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 0,
      break_minute: 45,
      tier2_condition_hour: 8,
      tier2_condition_minute: 0,
      tier2_break_hour: 1,
      tier2_break_minute: 0,
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTING_DEFECT);
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('answers 404 for a department or status of another company in the query', async () => {
    const other = await createTenant({ employees: 0 });
    expect((await admin.get(`/api/v1/break_times${q(other.departmentId, null)}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/working_times${q(null, other.employmentStatusId)}`)).status).toBe(404);
    expect((await admin.get('/api/v1/working_times?department_id=bad!')).status).toBe(400);
  });
});
