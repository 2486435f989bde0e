import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

// Issue 14 item 9: the 退勤 memo used to overwrite the 出勤 memo. Both are kept, shown and exported.
const stack = useTestStack();
let tenant: TestTenant;
let employee: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'メモ株式会社' });
  employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

async function csvLines(from: string, to: string): Promise<string[][]> {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const started = await admin.post('/api/v1/attendance_exports', {
    start_year: fy,
    start_month: fm,
    start_day: fd,
    end_year: ty,
    end_month: tm,
    end_day: td,
  });
  expect(started.status).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  expect(job.status).toBe('done');
  const text = Buffer.from(await (await fetch(job.download_url)).arrayBuffer())
    .subarray(3)
    .toString('utf8');
  return text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
}

describe('punch memos', () => {
  it('keeps the 出勤 memo and the 退勤 memo apart: punch answers, month row and CSV', async () => {
    at('2026-05-11T00:00:00Z'); // Monday 09:00 in Tokyo
    const punchIn = await employee.post('/api/v1/timestamps', { note: '直行 A社' });
    expect(punchIn.body.data).toMatchObject({ status: 'at_work', note: '直行 A社', punch_out_note: null });

    at('2026-05-11T09:00:00Z');
    const punchOut = await employee.post('/api/v1/timestamps', { note: '直帰 B社' });
    expect(punchOut.body.data).toMatchObject({ status: 'left_work', note: '直行 A社', punch_out_note: '直帰 B社' });
    expect((await employee.get('/api/v1/timestamps/today')).body.data).toMatchObject({
      note: '直行 A社',
      punch_out_note: '直帰 B社',
    });

    const month = (await employee.get('/api/v1/timestamps?year=2026&month=5')).body.data;
    const row = month.days.find((d: { date: string }) => d.date === '2026-05-11');
    expect(row).toMatchObject({ note: '直行 A社', punch_out_note: '直帰 B社' });
    const asAdmin = (await admin.get(`/api/v1/timestamps?year=2026&month=5&id=${tenant.employees[0]!.id}`)).body.data;
    expect(asAdmin.days.find((d: { date: string }) => d.date === '2026-05-11')).toMatchObject({
      note: '直行 A社',
      punch_out_note: '直帰 B社',
    });

    const lines = await csvLines('2026-05-11', '2026-05-11');
    // The memo pair by its header (the schedule columns of issue 16 are appended after it).
    const memoAt = lines[0]!.indexOf('出勤メモ');
    expect(lines[0]!.slice(memoAt, memoAt + 2)).toEqual(['出勤メモ', '退勤メモ']);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.slice(5, 10)).toEqual(['2026-05-11', '月', '', '09:00', '18:00']);
    expect(lines[1]!.slice(memoAt, memoAt + 2)).toEqual(['直行 A社', '直帰 B社']);
  });

  it('a 退勤 without a memo keeps the 出勤 memo; a correction keeps both memos', async () => {
    at('2026-05-12T00:00:00Z');
    await employee.post('/api/v1/timestamps', { note: '朝のメモ' });
    at('2026-05-12T09:00:00Z');
    const out = await employee.post('/api/v1/timestamps', { note: '' });
    expect(out.body.data).toMatchObject({ status: 'left_work', note: '朝のメモ', punch_out_note: null });

    at('2026-05-13T03:00:00Z');
    const corrected = await employee.post('/api/v1/modify_timestamps', {
      year: 2026,
      month: 5,
      day: 11,
      punch_in_at: '08:30',
      punch_out_at: '17:30',
      reason: '打刻忘れ',
    });
    expect(corrected.status).toBe(201);
    const month = (await employee.get('/api/v1/timestamps?year=2026&month=5')).body.data;
    const byDate = (date: string) => month.days.find((d: { date: string }) => d.date === date);
    // The correction's reason stays on the correction record; the day's memos are untouched.
    expect(byDate('2026-05-11')).toMatchObject({
      punch_in_at: '2026-05-10T23:30:00.000Z',
      note: '直行 A社',
      punch_out_note: '直帰 B社',
    });
    expect(byDate('2026-05-12')).toMatchObject({ note: '朝のメモ', punch_out_note: null });
  });

  it('shows the single memo of a record written before the 退勤 memo existed as its 出勤 memo', async () => {
    const date = '2026-05-14';
    await db()
      .entities.AttendanceDay.put({
        companyId: tenant.companyId,
        employeeId: tenant.employees[0]!.id,
        workDate: date,
        punchInAt: instantOf(date, 9, 0, 'Asia/Tokyo'),
        punchOutAt: instantOf(date, 18, 0, 'Asia/Tokyo'),
        note: '旧メモ',
      })
      .go();
    at('2026-05-15T03:00:00Z');
    const month = (await employee.get('/api/v1/timestamps?year=2026&month=5')).body.data;
    expect(month.days.find((d: { date: string }) => d.date === date)).toMatchObject({
      note: '旧メモ',
      punch_out_note: null,
    });
    const lines = await csvLines(date, date);
    const memoAt = lines[0]!.indexOf('出勤メモ');
    expect(lines[1]!.slice(memoAt, memoAt + 2)).toEqual(['旧メモ', '']);
  });
});
