import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { runExport } from '../../functions/exports/worker.js';
import { newId } from '../../functions/shared/ids.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { testNow } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;

const APRIL = { start_year: 2026, start_month: 4, start_day: 1, end_year: 2026, end_month: 4, end_day: 30 };

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '出力株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  const day = (employeeId: string, date: string, inH: number, outH: number, note?: string) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate: date,
    punchInAt: instantOf(date, inH, 0, 'Asia/Tokyo'),
    punchOutAt: instantOf(date, outH, 0, 'Asia/Tokyo'),
    ...(note ? { note } : {}),
  });
  const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  await db()
    .entities.AttendanceDay.put([
      day(a, '2026-04-01', 9, 18, '=HYPERLINK("x")'),
      day(a, '2026-04-02', 9, 21),
      day(a, '2026-04-05', 10, 15), // Sunday: legal-holiday work
      day(b, '2026-04-01', 22, 23),
    ])
    .go();
  // 社員番号 (issue 18) for one of them; the other has none (an empty cell).
  await db()
    .entities.Employee.patch({ companyId: tenant.companyId, employeeId: a })
    .set({ employeeNumber: 'A-001' })
    .go();
});

async function exportCsv(body: object) {
  const started = await admin.post('/api/v1/attendance_exports', body);
  expect(started.status).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  return { id: started.body.data.id as string, job };
}

describe('attendance CSV export', () => {
  it('writes one row per employee per day that matches the monthly table, behind a short presigned link', async () => {
    const { job } = await exportCsv(APRIL);
    expect(job).toMatchObject({
      status: 'done',
      row_count: 60,
      encoding: 'utf8',
      link_expires_in: 300,
      file_name: '勤怠データ_20260401-20260430.csv',
    });
    const url = new URL(job.download_url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toContain("filename*=UTF-8''%E5%8B%A4%E6%80%A0");
    expect(url.pathname).toContain(tenant.companyId);

    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      // 社員番号 (issue 18) beside the internal id: it is the key payroll software matches on.
      '社員ID,社員番号,氏名,部署,雇用形態,日付,曜日,祝日,出勤,退勤,休憩,労働時間,法内残業,法定外残業,深夜労働,法定休日労働,休暇,出勤メモ,退勤メモ' +
        // The schedule columns (issue 16), appended after the existing ones.
        ',予定出勤,予定退勤,遅刻(分),早退(分),欠勤,休憩打刻,休暇単位' +
        // The working-time system columns (issue 17), appended after those.
        ',労働時間制度,法定外（期間）',
    );
    expect(lines).toHaveLength(61);

    // Row by row, the same figures as the monthly table (the engine behind both).
    const [a] = tenant.employees;
    const month = (await admin.get(`/api/v1/timestamps?year=2026&month=4&id=${a!.id}`)).body.data;
    const rows = lines.filter((l) => l.startsWith(a!.id)).map((l) => l.split(','));
    expect(rows).toHaveLength(30);
    const hmm = (m: number | null) => (m === null ? '' : `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`);
    for (const [i, d] of month.days.entries()) {
      expect(rows[i]![1]).toBe('A-001');
      expect(rows[i]![5]).toBe(d.date);
      expect(rows[i]![11]).toBe(hmm(d.worked_minutes));
    }
    // 4/2 09:00–21:00 with no break punched, no pattern and no break rule: no break is deemed (issue
    // 29) → 12 h = 720 min worked, 240 beyond 8 h.
    expect(rows[1]!.slice(8, 14)).toEqual(['09:00', '21:00', '0:00', '12:00', '0:00', '4:00']);
    // 4/5 is a Sunday (the legal holiday): 10:00–15:00 = 300 min, no break under 6 h, all legal-holiday work.
    expect(rows[4]![15]).toBe('5:00');
    // Formula cells are neutralised.
    expect(rows[0]!.join(',')).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('filters by staff member and writes Shift_JIS that decodes to the same text', async () => {
    const [, b] = tenant.employees;
    const utf = await exportCsv({ ...APRIL, id: b!.id });
    const sjis = await exportCsv({ ...APRIL, id: b!.id, encoding: 'sjis' });
    expect(utf.job.row_count).toBe(30);
    const u = Buffer.from(await (await fetch(utf.job.download_url)).arrayBuffer())
      .subarray(3)
      .toString('utf8');
    const s = iconv.decode(Buffer.from(await (await fetch(sjis.job.download_url)).arrayBuffer()), 'CP932');
    expect(s).toBe(u);
    // 22:00–23:00 is late-night work.
    expect(u).toContain('2026-04-01,水,,22:00,23:00,0:00,1:00,0:00,0:00,1:00');
  });

  it("keeps another company's admin away from the job and its link", async () => {
    const { id } = await exportCsv(APRIL);
    const other = await createTenant({ employees: 0 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await otherAdmin.get(`/api/v1/attendance_exports/${id}`)).status).toBe(404);
    const staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
    expect((await staff.get(`/api/v1/attendance_exports/${id}`)).status).toBe(403);
  });

  it('refuses bad ranges and foreign filters with ダウンロードに失敗しました and records nothing', async () => {
    const other = await createTenant({ employees: 1 });
    const before = await tableSnapshot(stack.tableName);
    for (const body of [
      { ...APRIL, start_month: 2, start_day: 30 },
      { ...APRIL, end_year: 2025 },
      { ...APRIL, end_year: 2027, end_month: 5 },
      { ...APRIL, id: other.employees[0]!.id },
      { ...APRIL, department_id: other.departmentId },
      { ...APRIL, encoding: 'latin1' },
      { ...APRIL, bucket: 'x' },
    ]) {
      const res = await admin.post('/api/v1/attendance_exports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('ダウンロードに失敗しました');
    }
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });

  it('marks the job failed, without crashing the worker, when producing the rows fails midway', async () => {
    const exportId = newId();
    await db()
      .entities.ExportJob.create({
        companyId: tenant.companyId,
        exportId,
        kind: 'attendance',
        encoding: 'utf8',
        requestedBy: tenant.admin.id,
        fileName: 'broken.csv',
        objectKey: `${tenant.companyId}/${exportId}.csv`,
        // An unknown time zone makes the working-time engine throw while the rows are streamed.
        params: {
          from: '2026-04-01',
          to: '2026-04-30',
          departmentId: null,
          employmentStatusId: null,
          employeeId: null,
          timeZone: 'Mars/Olympus',
        },
        expiresAt: Math.floor(testNow().getTime() / 1000) + 3600,
      })
      .go();
    await runExport({ companyId: tenant.companyId, exportId });
    const res = await admin.get(`/api/v1/attendance_exports/${exportId}`);
    expect(res.body.data).toMatchObject({ status: 'failed', download_url: null });
  });
});
