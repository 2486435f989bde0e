/**
 * The security fixture: company A with at least one object of every kind the API addresses by id
 * (staff, department, employment status, attendance day, correction, a request of each kind, a rule),
 * an announcement, a second company B, the operator, and signed-in clients for every actor.
 *
 * `requestFor(route)` turns a route of the route table into a concrete, well-formed call against
 * company A's real ids, so a refusal proves the check and not a 400 on a made-up id.
 */
import type { Role, RouteDef } from '../../../functions/routes.js';
import { newId } from '../../../functions/shared/ids.js';
import { createHttpClient, type HttpClient, type HttpResponse } from '../http-client.js';
import { pollUntil } from '../poll.js';
import { createOperator, createTenant, signIn, type TestTenant, type TestUser } from '../tenant.js';
import { workingDay } from '../working-days.js';
import { testNow } from '../test-clock.js';
import { standardAgreement } from '../agreement.js';

export type Actor = 'anonymous' | 'employeeA' | 'employeeA2' | 'adminA' | 'operator' | 'employeeB' | 'adminB';
export const ACTORS: readonly Actor[] = [
  'anonymous',
  'employeeA',
  'employeeA2',
  'adminA',
  'operator',
  'employeeB',
  'adminB',
];

export const ACTOR_ROLE: Record<Actor, Role | null> = {
  anonymous: null,
  employeeA: 'employee',
  employeeA2: 'employee',
  adminA: 'admin',
  operator: 'operator',
  employeeB: 'employee',
  adminB: 'admin',
};

/** Company A's ids, and the values that must never show up in an answer to someone else. */
export interface FixtureIds {
  companyA: string;
  companyB: string;
  employee: string;
  employee2: string;
  /** A staff member no actor signs in as (fuzzing may reset their password). */
  spareEmployee: string;
  department: string;
  employmentStatus: string;
  /** `<employeeId>_<date>` of employee A's punched day (delete-timestamp's id). */
  timestamp: string;
  modification: string;
  holidayRequest: string;
  holidayWorkRequest: string;
  overWorkRequest: string;
  correctionRequest: string;
  infoItem: string;
  /** Company A's attendance CSV export job. */
  attendanceExport: string;
  recomputeJob: string;
  /** Company A's paid-leave register (管理簿) export job. */
  registerExport: string;
  /** Company A's work pattern (勤務パターン). */
  workPattern: string;
  payrollLayout: string;
  /** Company A's 勤怠集計 CSV export job. */
  totalsExport: string;
  /** Company A's スタッフ一括登録 job. */
  staffImport: string;
  /** A mail of company A's outbox (the admins' mail of a request filed above: sent). */
  mailOutbox: string;
  /** `<employeeId>/grants/<grantId>`: an admin's manual grant to employee A (delete-paid-leave-grant). */
  paidLeaveGrant: string;
  year: number;
  month: number;
}

export interface SecurityFixture {
  a: TestTenant;
  b: TestTenant;
  operatorUser: TestUser;
  ids: FixtureIds;
  clients: Record<Actor, HttpClient>;
  /** Secrets of company A that an outsider's answer must not contain. */
  secretsOfA: string[];
  /** Secrets of employee A that a colleague's answer must not contain. */
  secretsOfEmployeeA: string[];
}

const tokyoYearMonth = (date = testNow()) => {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
    .format(date)
    .split('-')
    .map(Number) as [number, number, number];
  return { year, month, day };
};

function expectOk(res: HttpResponse, what: string) {
  if (res.status >= 300) throw new Error(`fixture: ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

async function anonymousClient(baseUrl: string) {
  const client = createHttpClient(baseUrl);
  await client.get('/api/v1/session');
  return client;
}

export async function buildFixture(baseUrl: string): Promise<SecurityFixture> {
  const [a, b] = await Promise.all([
    createTenant({ employees: 3, name: 'A社セキュリティ' }),
    createTenant({ employees: 1, name: 'B社セキュリティ' }),
  ]);
  const operatorUser = await createOperator(baseUrl);
  const [employeeA, employeeA2, adminA, operator, employeeB, adminB, anonymous] = await Promise.all([
    signIn(baseUrl, 'employee', a.employees[0]!),
    signIn(baseUrl, 'employee', a.employees[1]!),
    signIn(baseUrl, 'admin', a.admin),
    signIn(baseUrl, 'operator', operatorUser),
    signIn(baseUrl, 'employee', b.employees[0]!),
    signIn(baseUrl, 'admin', b.admin),
    anonymousClient(baseUrl),
  ]);
  const { year, month } = tokyoYearMonth();

  expectOk(await employeeA.post('/api/v1/timestamps', { note: '' }), 'punch');
  const correction = expectOk(
    await employeeA.post('/api/v1/modify_timestamps', {
      year: 2025,
      month: 1,
      day: 6,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '修正',
    }),
    'correction',
  );
  const request = async (kind: string, body: object) =>
    expectOk(await employeeA.post(`/api/v1/${kind}`, body), kind).body.data.id as string;
  // Leave only on a working day (issue 15 item 8): the month's first.
  const holidayRequest = await request('holiday_requests', { kind: 1, year, month, day: workingDay(year, month, 0) });
  const holidayWorkRequest = await request('holiday_work_requests', { year, month, day: 2 });
  const overWorkRequest = await request('over_work_requests', { year, month, day: 3 });
  // 打刻修正の承認 on just long enough to file one correction request (issue 18 item 5).
  expectOk(await adminA.put('/api/v1/approval_settings', { correction_approval: true }), 'approval on');
  const correctionRequest = expectOk(
    await employeeA.post('/api/v1/modify_timestamps', {
      year: 2025,
      month: 1,
      day: 8,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '承認待ち',
    }),
    'correction request',
  ).body.data.request.id as string;
  expectOk(await adminA.put('/api/v1/approval_settings', { correction_approval: false }), 'approval off');
  const rule = expectOk(
    await adminA.post('/api/v1/working_times', {
      fixed_hour: 8,
      fixed_minute: 0,
      over_hour: 1,
      over_minute: 0,
      department_id: a.departmentId,
      employment_status_id: null,
    }),
    'working time rule',
  );
  const info = expectOk(
    await operator.post('/api/v1/info_items', {
      title: '保守のお知らせ',
      detail_text: '本文',
      start_at: '2024-01-01 00:00:00',
      end_at: '2099-12-31 23:59:59',
    }),
    'info item',
  );
  const exportJob = expectOk(
    await adminA.post(
      '/api/v1/attendance_exports',
      attendanceExportBody(year, month, a.departmentId, a.employees[0]!.id),
    ),
    'attendance export',
  );
  const registerJob = expectOk(
    await adminA.post('/api/v1/leave_register_exports', { id: a.employees[0]!.id }),
    'register export',
  );
  const totalsJob = expectOk(
    await adminA.post('/api/v1/attendance_totals_exports', {
      period: `${year}-${String(month).padStart(2, '0')}`,
      department_id: a.departmentId,
    }),
    'totals export',
  );
  // A's import job, registering nobody: its one row's e-mail is B's employee's (invisible to A's
  // validation, refused by Cognito in the worker), so A keeps the staff the other routes count on.
  const importJob = expectOk(
    await adminA.post('/api/v1/employee_imports', staffImportBody(b.employees[0]!.email)),
    'staff import',
  );
  const workPattern = expectOk(
    await adminA.post('/api/v1/work_patterns', {
      name: '日勤',
      start_time: '09:00',
      end_time: '18:00',
      crosses_midnight: false,
      breaks: [],
    }),
    'work pattern',
  ).body.data.id as string;
  const payrollLayout = expectOk(
    await adminA.post('/api/v1/payroll_layouts', payrollLayoutBody('給与用')),
    'payroll layout',
  ).body.data.id as string;
  // A working-time system version of A's status, dated far ahead: it changes no figure and no job runs.
  expectOk(
    await adminA.put('/api/v1/working_time_systems', {
      scope: 'status',
      employment_status_id: a.employmentStatusId,
      system: 'manager',
      effective_from: '2030-01-01',
    }),
    'working-time system',
  );
  // The local export and recompute jobs finish in the background; wait, so they write nothing during the tests.
  for (const path of [
    `/api/v1/recompute_jobs/${rule.body.data.recompute.id}`,
    `/api/v1/attendance_exports/${exportJob.body.data.id}`,
    `/api/v1/leave_register_exports/${registerJob.body.data.id}`,
    `/api/v1/attendance_totals_exports/${totalsJob.body.data.id}`,
    `/api/v1/employee_imports/${importJob.body.data.id}`,
  ]) {
    await pollUntil(
      async () => (await adminA.get(path)).body.data?.status,
      (status) => !['pending', 'running'].includes(status),
    );
  }
  const days = expectOk(
    await adminA.get(`/api/v1/timestamps?id=${a.employees[0]!.id}&year=${year}&month=${month}`),
    'month',
  ).body.data.days;
  const timestamp = days.find((d: { id: string | null; punch_in_at: string | null }) => d.id && d.punch_in_at)!
    .id as string;
  const mailOutbox = expectOk(await adminA.get('/api/v1/mail_outbox'), 'mail outbox').body.data[0].id as string;
  const paidLeaveGrant = expectOk(
    await adminA.post(`/api/v1/paid_leave/employees/${a.employees[0]!.id}/grants`, {
      granted_on: '2025-04-01',
      days: 1,
      kind: 'extra',
      reason: '調整',
    }),
    'paid-leave grant',
  ).body.data.id as string;

  const ids: FixtureIds = {
    companyA: a.companyId,
    companyB: b.companyId,
    employee: a.employees[0]!.id,
    employee2: a.employees[1]!.id,
    spareEmployee: a.employees[2]!.id,
    department: a.departmentId,
    employmentStatus: a.employmentStatusId,
    timestamp,
    modification: correction.body.data.id,
    holidayRequest,
    holidayWorkRequest,
    overWorkRequest,
    correctionRequest,
    infoItem: info.body.data.id,
    attendanceExport: exportJob.body.data.id,
    recomputeJob: rule.body.data.recompute.id,
    registerExport: registerJob.body.data.id,
    workPattern,
    payrollLayout,
    totalsExport: totalsJob.body.data.id,
    staffImport: importJob.body.data.id,
    mailOutbox,
    paidLeaveGrant: `${a.employees[0]!.id}/grants/${paidLeaveGrant}`,
    year,
    month,
  };
  const secretsOfEmployeeA = [
    ids.employee,
    ids.modification,
    ids.holidayRequest,
    ids.holidayWorkRequest,
    ids.overWorkRequest,
    ids.correctionRequest,
    a.employees[0]!.email,
  ];
  const secretsOfA = [
    ids.companyA,
    ids.attendanceExport,
    ids.recomputeJob,
    ids.registerExport,
    ids.workPattern,
    ids.payrollLayout,
    ids.totalsExport,
    ids.staffImport,
    ids.mailOutbox,
    paidLeaveGrant,
    ids.employee2,
    ids.spareEmployee,
    ids.department,
    ids.employmentStatus,
    a.companyName,
    a.admin.email,
    a.admin.id,
    ...a.employees.map((e) => e.email),
    ...secretsOfEmployeeA,
  ];
  return {
    a,
    b,
    operatorUser,
    ids,
    clients: { anonymous, employeeA, employeeA2, adminA, operator, employeeB, adminB },
    secretsOfA,
    secretsOfEmployeeA,
  };
}

/** An attendance export of day 1 of the month, narrowed to A's department and staff member. */
const attendanceExportBody = (year: number, month: number, departmentId: string, employeeId: string) => ({
  start_year: year,
  start_month: month,
  start_day: 1,
  end_year: year,
  end_month: month,
  end_day: 1,
  department_id: departmentId,
  employment_status_id: null,
  id: employeeId,
  encoding: 'utf8',
});

/** A concrete call: path with A's ids filled in, query string, JSON body. */
export interface Call {
  path: string;
  query?: string;
  body?: unknown;
  /** How the route reaches company A's data: by a path id, a query id, a body id, or not at all. */
  reference: 'path' | 'query' | 'body' | 'none';
}

const pathWith = (route: RouteDef, id: string) =>
  route.path
    // A grant is addressed under its member: the id is both, already joined.
    .replace('{id}/grants/{grant_id}', id)
    .replace('{id}', encodeURIComponent(id))
    .replace('{period}', encodeURIComponent(id))
    // A working-time system version's key is four path segments: the id is them, already joined.
    .replace('{scope}/{status_id}/{employee_id}/{effective_from}', id);

/** A payroll CSV layout (issue 18 item 2) with the one column every layout must have. */
const payrollLayoutBody = (name: string) => ({
  name,
  columns: [{ field: 'employee_number', header: '社員番号' }],
  time_format: 'hmm',
  encoding: 'utf8_bom',
});

/** Well-formed input for every route, aimed at company A's objects. */
export function requestFor(route: RouteDef, ids: FixtureIds): Call {
  const ym = `year=${ids.year}&month=${ids.month}`;
  const staff = {
    last_name: '試験',
    first_name: '花子',
    email: `sec-${newId()}@example.test`,
    password: 'Temp#Passw0rd2026',
  };
  const pathIds: Record<string, string> = {
    'get-employee': ids.employee,
    'update-employee': ids.employee2,
    'delete-employee': ids.employee2,
    'reset-employee-password': ids.employee2,
    'get-department': ids.department,
    'update-department': ids.department,
    'delete-department': ids.department,
    'get-employment-status': ids.employmentStatus,
    'update-employment-status': ids.employmentStatus,
    'delete-employment-status': ids.employmentStatus,
    'delete-timestamp': ids.timestamp,
    'decide-holiday-request': ids.holidayRequest,
    'delete-holiday-request': ids.holidayRequest,
    'decide-holiday-work-request': ids.holidayWorkRequest,
    'delete-holiday-work-request': ids.holidayWorkRequest,
    'decide-over-work-request': ids.overWorkRequest,
    'delete-over-work-request': ids.overWorkRequest,
    'decide-correction-request': ids.correctionRequest,
    'delete-correction-request': ids.correctionRequest,
    'get-attendance-export': ids.attendanceExport,
    'get-recompute-job': ids.recomputeJob,
    'retry-recompute-job': ids.recomputeJob,
    'get-paid-leave': ids.employee,
    'create-paid-leave-grant': ids.employee,
    'delete-paid-leave-grant': ids.paidLeaveGrant,
    'get-leave-register-export': ids.registerExport,
    'get-attendance-totals-export': ids.totalsExport,
    'get-employee-import': ids.staffImport,
    'retry-employee-import': ids.staffImport,
    'get-company': ids.companyA,
    'update-company': ids.companyA,
    'delete-company': ids.companyA,
    'get-company-closing': ids.companyA,
    'get-info-item': ids.infoItem,
    'update-info-item': ids.infoItem,
    'delete-info-item': ids.infoItem,
    'update-work-pattern': ids.workPattern,
    'delete-work-pattern': ids.workPattern,
    'update-payroll-layout': ids.payrollLayout,
    'delete-payroll-layout': ids.payrollLayout,
    'delete-working-time-system': `status/${ids.employmentStatus}/-/2030-01-01`,
    // A period long before the fixture's days: closing it freezes nothing another route writes to.
    'reopen-period-closing': '2024-01',
    'resend-mail': ids.mailOutbox,
  };
  const bodies: Record<string, unknown> = {
    'sign-in-user': { user: { email: 'nobody@example.test', password: 'Wrong#Passw0rd1' } },
    'sign-in-company': { company: { email: 'nobody@example.test', password: 'Wrong#Passw0rd1' } },
    'sign-in-operator': { operator: { email: 'nobody@example.test', password: 'Wrong#Passw0rd1' } },
    'new-password-user': { user: { password: 'Mine#Passw0rd2026' } },
    'new-password-company': { company: { password: 'Mine#Passw0rd2026' } },
    'create-employee': { ...staff, department_id: ids.department, employment_status_id: ids.employmentStatus },
    'update-own-cell': { cell: '090-1234-5678' },
    'update-mail-settings': { mail_opt_out: ['missed_punch'] },
    'update-employee': { ...staff, password: '', department_id: ids.department, employment_status_id: null },
    'create-department': { name: '新部署' },
    'update-department': { name: '改名' },
    'create-employment-status': { name: '契約社員' },
    'update-employment-status': { name: '改名' },
    'create-timestamp': { note: '' },
    'create-modify-timestamp': {
      year: 2025,
      month: 1,
      day: 7,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '',
    },
    'create-holiday-request': { kind: 1, year: ids.year, month: ids.month, day: workingDay(ids.year, ids.month, 3) },
    'create-holiday-work-request': { year: ids.year, month: ids.month, day: 5 },
    'create-over-work-request': { year: ids.year, month: ids.month, day: 6 },
    'decide-holiday-request': { status: 1 },
    'decide-holiday-work-request': { status: 2 },
    'decide-over-work-request': { status: 1 },
    'decide-correction-request': { status: 1, reason: '確認済み' },
    'update-approval-settings': { correction_approval: false },
    // An id of no company: another company's ids are refused one by one (test/integration/approvals.test.ts).
    'approve-pending-requests': { ids: ['01nonexistent'] },
    'save-break-time': {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 0,
      break_minute: 45,
      department_id: ids.department,
      employment_status_id: null,
    },
    'save-working-time': {
      fixed_hour: 8,
      fixed_minute: 0,
      over_hour: 1,
      over_minute: 0,
      department_id: ids.department,
      employment_status_id: null,
    },
    'create-attendance-export': attendanceExportBody(ids.year, ids.month, ids.department, ids.employee),
    'create-paid-leave-grant': { granted_on: '2025-04-01', days: 1, kind: 'extra', reason: '調整' },
    'update-overtime-agreement': standardAgreement(),
    'run-paid-leave-grants': {},
    'update-payroll-period': { closing_day: 0, effective_from: '2024-01-01' },
    'create-period-closing': { period: '2024-01' },
    'reopen-period-closing': { reason: '修正のため' },
    'create-leave-register-export': { id: ids.employee },
    'create-attendance-totals-export': {
      period: `${ids.year}-${String(ids.month).padStart(2, '0')}`,
      department_id: ids.department,
    },
    'preview-employee-import': staffImportBody(`sec-${newId()}@example.test`),
    'create-employee-import': staffImportBody(`sec-${newId()}@example.test`),
    'create-company': {
      name: '新会社',
      staff_name: '代表 太郎',
      email: `co-${newId()}@example.test`,
      password: 'Temp#Passw0rd2026',
      plan: 1,
    },
    'update-company': { name: '改名会社', staff_name: '代表 太郎', email: `co-${newId()}@example.test`, password: '' },
    'create-info-item': {
      title: '題',
      detail_text: '本文',
      start_at: '2024-01-01 00:00:00',
      end_at: '2099-01-01 00:00:00',
    },
    'update-info-item': {
      title: '題',
      detail_text: '本文',
      start_at: '2024-01-01 00:00:00',
      end_at: '2099-01-01 00:00:00',
    },
    'create-work-pattern': {
      name: `パターン${newId().slice(-8)}`,
      start_time: '22:00',
      end_time: '07:00',
      crosses_midnight: true,
      breaks: [],
    },
    'update-work-pattern': {
      name: '日勤',
      start_time: '09:00',
      end_time: '18:00',
      crosses_midnight: false,
      breaks: [{ start_time: '12:00', end_time: '13:00' }],
    },
    'update-work-pattern-assignment': {
      scope: 'group',
      department_id: ids.department,
      employment_status_id: null,
      pattern_id: ids.workPattern,
    },
    'update-work-settings': { grace_minutes: 5, interval_minutes: 660 },
    'create-payroll-layout': payrollLayoutBody(`レイアウト${newId().slice(-8)}`),
    'update-payroll-layout': payrollLayoutBody('給与用'),
    'update-working-time-system': {
      scope: 'status',
      employment_status_id: ids.employmentStatus,
      system: 'manager',
      effective_from: '2030-01-01',
    },
    'create-inquiry': { name: '問合 太郎', company: '問合株式会社', email: 'ask@example.test', message: '質問です' },
    'start-password-reset': { audience: 'employee', email: 'nobody@example.test' },
    'confirm-password-reset': {
      audience: 'employee',
      email: 'nobody@example.test',
      code: '123456',
      password: 'Mine#Passw0rd2026',
    },
    'update-shifts': {
      entries: [
        {
          employee_id: ids.employee,
          date: `${ids.year}-${String(ids.month).padStart(2, '0')}-20`,
          pattern_id: null,
          day_off: true,
        },
      ],
    },
  };
  const queries: Record<string, { query: string; reference: Call['reference'] }> = {
    'list-timestamps': { query: `${ym}&id=${ids.employee}`, reference: 'query' },
    'get-modify-timestamp': { query: `${ym}&day=1`, reference: 'none' },
    'list-holiday-requests': { query: ym, reference: 'none' },
    'list-holiday-work-requests': { query: ym, reference: 'none' },
    'list-over-work-requests': { query: ym, reference: 'none' },
    'list-correction-requests': { query: ym, reference: 'none' },
    'get-break-time': { query: `department_id=${ids.department}`, reference: 'query' },
    'get-working-time': { query: `department_id=${ids.department}`, reference: 'query' },
    'list-shifts': { query: `${ym}&employee_id=${ids.employee}`, reference: 'query' },
    'check-working-time-system': {
      query: `employee_id=${ids.employee}&date=${ids.year}-${String(ids.month).padStart(2, '0')}-01`,
      reference: 'query',
    },
    'list-attendance-totals': {
      query: `period=${ids.year}-${String(ids.month).padStart(2, '0')}&department_id=${ids.department}`,
      reference: 'query',
    },
  };
  const bodyReference = new Set([
    'create-employee',
    'save-break-time',
    'save-working-time',
    'create-attendance-export',
    'create-leave-register-export',
    'create-attendance-totals-export',
    'update-shifts',
    'update-work-pattern-assignment',
    'update-working-time-system',
  ]);

  const id = pathIds[route.name];
  if (route.path.includes('{id}') && !id) throw new Error(`fixture: no id for ${route.name}`);
  const q = queries[route.name];
  const body =
    route.method === 'GET' ? undefined : (bodies[route.name] ?? (route.method === 'DELETE' ? undefined : {}));
  return {
    path: id ? pathWith(route, id) : route.path,
    ...(q ? { query: q.query } : {}),
    ...(body !== undefined ? { body } : {}),
    reference: id ? 'path' : q?.reference === 'query' ? 'query' : bodyReference.has(route.name) ? 'body' : 'none',
  };
}

/** A one-row スタッフ一括登録 file (base64 CSV; the department by name, which every test tenant has). */
function staffImportBody(email: string) {
  const csv = `姓,名,メールアドレス,部署\r\n試験,一括,${email},営業部\r\n`;
  return { file: Buffer.from(csv).toString('base64') };
}

/** Routes whose objects are platform-wide (announcements), not company A's. */
export const PLATFORM_WIDE = new Set(['get-info-item', 'update-info-item', 'delete-info-item']);

export async function send(
  client: HttpClient,
  route: RouteDef,
  call: Call,
  options: { csrf?: boolean; headers?: Record<string, string> } = {},
) {
  const url = call.query ? `${call.path}?${call.query}` : call.path;
  switch (route.method) {
    case 'GET':
      return client.get(url, options);
    case 'POST':
      return client.post(url, call.body, options);
    case 'PUT':
      return client.put(url, call.body, options);
    case 'DELETE':
      return client.delete(url, call.body, options);
  }
}

/** Nothing a client sees may reveal internals: stack frames, AWS/SDK error names, source paths. */
const INTERNALS =
  /(\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|\.(ts|js|mjs):\d+|node_modules|\/work\/|\/var\/task|functions\/|Exception\b|ElectroError|ZodError|TypeError|SyntaxError|ReferenceError|RangeError|DynamoDB|Cognito|\bAWS\b|ECONN|\bstack\b)/i;

/** Object keys of a sent JSON value: validation messages may quote them (an unknown key), so they are not leaks. */
function sentKeys(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => sentKeys(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      sentKeys(v, out);
    }
  }
  return out;
}

/** The internals found in an answer, ignoring what merely echoes the request's own keys. */
export function internalsIn(answer: unknown, sent?: unknown): string | null {
  let text = typeof answer === 'string' ? answer : JSON.stringify(answer ?? '');
  for (const key of [...sentKeys(sent)].sort((x, y) => y.length - x.length))
    if (key) text = text.split(JSON.stringify(key).slice(1, -1)).join('');
  const m = INTERNALS.exec(text);
  return m ? m[0] : null;
}

export const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
