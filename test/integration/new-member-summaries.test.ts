/**
 * Issue 29 item 14 (with item 8): a member just registered — on the staff form or by スタッフ一括登録 —
 * has their summaries at once, so 勤怠集計 shows their figures (not データなし) and the payroll files
 * carry numbers, not `B…01,,,,,,,,,,`. With the hire date in the middle of the month, the days before it
 * are neither scheduled nor 欠勤: the 給与奉行 file's 欠勤日数 counts from the 入社日 only.
 *
 * Saturday 28 November 2026 (the tester's day), 末日締め, group default 日勤 on every working day. A
 * member hired on Monday 16 November has, by hand (test/unit/worktime-employment.test.ts): 10 予定日
 * (16–20, 24–27, 30) and 9 欠勤 (those up to Friday the 27th, no punch). A member hired today has no
 * working day over yet: 1 予定日 (the 30th), 0 欠勤.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { seedCompanyDayPattern } from '../support/day-pattern.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
const realNow = clock.now;
const run = Date.now().toString(36);

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  tenant = await createTenant({ employees: 0, name: '新入社員株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  await seedCompanyDayPattern(tenant.companyId);
});
afterAll(() => {
  clock.now = realNow;
});

type Row = { employee_number: string | null; no_data: boolean; [k: string]: unknown };
const totals = async (): Promise<Row[]> => {
  const res = await admin.get('/api/v1/attendance_totals?period=2026-11');
  expect(res.status).toBe(200);
  return res.body.data.rows;
};

async function payrollFile(layout: string): Promise<string[]> {
  const started = await admin.post('/api/v1/attendance_totals_exports', { period: '2026-11', layout });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_totals_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  expect(job.status).toBe('done');
  const bytes = Buffer.from(await (await fetch(job.download_url)).arrayBuffer());
  return (layout === 'freee' ? bytes.toString('utf8') : iconv.decode(bytes, 'CP932')).trimEnd().split('\r\n');
}

describe('a member registered on the staff form', () => {
  it('has figures in 勤怠集計 at once, and the 給与奉行 file counts 欠勤 from the 入社日 only', async () => {
    const created = await admin.post('/api/v1/employees', {
      last_name: '新入',
      first_name: '一郎',
      email: `form-${run}@example.test`,
      password: 'Temp#Passw0rd2026',
      department_id: null,
      employment_status_id: null,
      hire_date: '2026-11-16',
      employee_number: 'B-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // No punch, no later write: the summary was stored with the registration.
    const row = (await totals()).find((r) => r.employee_number === 'B-01')!;
    expect(row).toMatchObject({
      no_data: false,
      recompute_pending: false,
      scheduled_days: 10,
      work_days: 0,
      absent_days: 9,
      regular_minutes: 0,
    });
    const bugyo = await payrollFile('bugyo');
    // 社員番号, 出勤日数, 欠勤日数, 有休日数, 休日出勤日数, 遅刻早退回数, 遅刻早退時間, 普通残業, 深夜残業, 休日出勤時間, 60時間超.
    expect(bugyo.find((l) => l.startsWith('B-01,'))).toBe('B-01,0,9,0,0,0,0:00,0:00,0:00,0:00,0:00');
  });
});

describe('members registered by スタッフ一括登録', () => {
  it('have figures in 勤怠集計 and numbers in the payroll files right after the import', async () => {
    const header = ['社員番号', '姓', '名', 'フリガナ', 'メールアドレス', '部署', '雇用形態', '入社日'];
    const rows = [1, 2, 3].map((i) => [
      `B-1${i}`,
      '一括',
      `${i}郎`,
      '',
      `bulk-${i}-${run}@example.test`,
      '',
      '',
      '2026/11/28',
    ]);
    const file = Buffer.from([header, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n').toString('base64');
    const started = await admin.post('/api/v1/employee_imports', { file });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const job = await pollUntil(
      async () => (await admin.get(`/api/v1/employee_imports/${started.body.data.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
      300,
    );
    expect(job).toMatchObject({ status: 'done', created: 3 });
    const listed = (await totals()).filter((r) => r.employee_number?.startsWith('B-1'));
    expect(listed).toHaveLength(3);
    // Hired today (Saturday): only Monday the 30th is scheduled, nothing is over yet.
    for (const r of listed)
      expect(r).toMatchObject({ no_data: false, scheduled_days: 1, absent_days: 0, work_days: 0 });
    const bugyo = await payrollFile('bugyo');
    for (const i of [1, 2, 3]) expect(bugyo).toContain(`B-1${i},0,0,0,0,0,0:00,0:00,0:00,0:00,0:00`);
    const moneyforward = await payrollFile('moneyforward');
    expect(moneyforward).toContain('B-11,2,0,0,0,0:00,0:00,0:00,0:00');
  });
});

describe('a member whose figures were never computed (stored before this change)', () => {
  it('is 0 where the product reads numbers and left out where a row replaces what freee holds', async () => {
    // As staff were registered before: the item only, no summary of the period.
    await db()
      .entities.Employee.put({
        companyId: tenant.companyId,
        employeeId: `old${run}`,
        lastName: '旧',
        firstName: '登録',
        email: `old-${run}@example.test`,
        employeeNumber: 'B-99',
      })
      .go();
    expect((await totals()).find((r) => r.employee_number === 'B-99')).toMatchObject({ no_data: true });
    expect(await payrollFile('bugyo')).toContain('B-99,0,0,0,0,0,0:00,0:00,0:00,0:00,0:00');
    const freee = await payrollFile('freee');
    expect(freee.some((l) => l.startsWith('B-99,'))).toBe(false);
    expect(freee.some((l) => l.startsWith('B-01,'))).toBe(true);
  });
});
