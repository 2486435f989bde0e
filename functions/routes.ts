/**
 * The route table: every HTTP route of the product, once.
 *
 * The CDK API construct creates one Lambda per entry from it, the local gateway serves it, and the
 * tests derive their isolation matrix from it. Nothing registers a route anywhere else.
 *
 * `roles` lists who may call the route; an empty list means public. Company and employee ids never
 * come from the request: they come from the verified session token (see functions/shared/auth).
 * `needs` lists what the handler does to AWS, as finely as IAM can say it, so the stack grants exactly
 * that (lib/constructs/api-function.ts) and test/infra/least-privilege.infra.test.ts checks it against
 * the handler's code:
 * - `table:read`: Get/BatchGet/Query on the table and its indexes;
 * - `table:write`: read, plus Put/Update/Delete/BatchWrite/ConditionCheck on any item;
 * - `table:sessions`: Put/Update/Delete/BatchWrite only on session and rate-limit items (partition
 *   keys `session#…`, `rate#…`, a `dynamodb:LeadingKeys` condition): sign-in, sign-out and MFA
 *   routes that otherwise only read; and 勤怠状況's digests and 締め処理's checklists (`wsdigest#…`),
 *   which the work-status and period-closing routes claim a background rebuild on;
 * - `table:describe`: DescribeTable (the readiness check), nothing else;
 * - `exports`: Put/GetObject in the exports bucket;
 * - `mail`: ses:SendEmail from the product's sending identity (functions/services/notify.ts);
 * - `<pool>:<Action>`: one Cognito admin API action on one pool. The unsigned user-pool calls
 *   (InitiateAuth, RespondToAuthChallenge, RevokeToken, TOTP enrolment with the user's access token)
 *   need no IAM action and are never listed.
 */
export const ROLES = ['employee', 'admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type TableAccess = 'table:read' | 'table:write' | 'table:sessions' | 'table:describe';
export type PoolResource = 'employeePool' | 'adminPool' | 'operatorPool';
/** The Cognito admin commands of functions/shared/clients/cognito-admin.ts, as IAM action names. */
type CognitoAdminAction =
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminDisableUser'
  | 'AdminGetUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes';
type PoolAction = `${PoolResource}:${CognitoAdminAction}`;
/** One thing a route may do to AWS (see the table's comment above). */
export type Need = TableAccess | 'exports' | 'mail' | PoolAction;

export interface RouteDef {
  /** Unique kebab-case id: the Lambda's logical id and the handler file's base name. */
  readonly name: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax (`{id}` for a path parameter). */
  readonly path: string;
  readonly roles: readonly Role[];
  /** Handler module, relative to the repository root, exporting `handler`. */
  readonly handler: string;
  readonly needs: readonly Need[];
  /** Short description, Japanese-first products need English docs too. */
  readonly summary: string;
  /**
   * The route's area: the folder of its handler (`functions/api/<area>/<file>.ts`). The CDK stack
   * deploys each area as a nested stack, so a new route needs only its row here.
   */
  readonly area: string;
}

const EMPLOYEE = ['employee'] as const;
const ADMIN = ['admin'] as const;
const OPERATOR = ['operator'] as const;
const SIGNED_IN = ['employee', 'admin', 'operator'] as const;
const PUBLIC = [] as const;

type Row = readonly [
  name: string,
  method: HttpMethod,
  path: string,
  roles: readonly Role[],
  handler: string,
  needs: readonly Need[],
  summary: string,
];

const api = (file: string) => `functions/api/${file}.ts`;

const READ = ['table:read'] as const satisfies readonly Need[];
const WRITE = ['table:write'] as const satisfies readonly Need[];
/** Reads, and writes only its own session / rate-limit items. */
const SESSIONS = ['table:read', 'table:sessions'] as const satisfies readonly Need[];
/** `pool('employeePool', 'AdminGetUser')` → `['employeePool:AdminGetUser']`. */
const pool = (resource: PoolResource, ...actions: CognitoAdminAction[]): PoolAction[] =>
  actions.map((a) => `${resource}:${a}` as const);

// prettier-ignore
// `as const` keeps each row's name and roles as literals: they type the caller of each route function.
const rows = [
  // Sessions (backend-for-frontend sign-in; cookies, not tokens, reach the browser)
  ['sign-in-user', 'POST', '/users/sign_in', PUBLIC, api('sessions/sign-in-user'), SESSIONS, 'Employee sign-in'],
  ['sign-out-user', 'DELETE', '/users/sign_out', EMPLOYEE, api('sessions/sign-out-user'), SESSIONS, 'Employee sign-out'],
  ['sign-in-company', 'POST', '/companies/sign_in', PUBLIC, api('sessions/sign-in-company'), SESSIONS, 'Company admin sign-in'],
  ['sign-out-company', 'DELETE', '/companies/sign_out', ADMIN, api('sessions/sign-out-company'), SESSIONS, 'Company admin sign-out'],
  ['sign-in-operator', 'POST', '/operators/sign_in', PUBLIC, api('sessions/sign-in-operator'), SESSIONS, 'Operator sign-in'],
  ['sign-out-operator', 'DELETE', '/operators/sign_out', OPERATOR, api('sessions/sign-out-operator'), SESSIONS, 'Operator sign-out'],
  ['new-password-user', 'POST', '/users/new_password', PUBLIC, api('sessions/new-password-user'), SESSIONS, 'Employee first sign-in: set a new password'],
  ['new-password-company', 'POST', '/companies/new_password', PUBLIC, api('sessions/new-password-company'), SESSIONS, 'Company admin first sign-in: set a new password'],
  ['mfa-operator', 'POST', '/operators/mfa', PUBLIC, api('sessions/mfa-operator'), SESSIONS, 'Operator sign-in: answer the TOTP challenge'],
  ['get-session', 'GET', '/api/v1/session', PUBLIC, api('sessions/get-session'), READ, 'Who is signed in (header data); issues the CSRF cookie'],
  ['get-health', 'GET', '/api/v1/health', PUBLIC, api('health/get-health'), ['table:describe'], 'Readiness'],

  // Staff (employees)
  ['list-employees', 'GET', '/api/v1/employees', ADMIN, api('employees/list-employees'), READ, 'Staff list'],
  ['create-employee', 'POST', '/api/v1/employees', ADMIN, api('employees/create-employee'), [...WRITE, ...pool('employeePool', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'), 'mail'], 'Register staff member'],
  ['get-own-profile', 'GET', '/api/v1/employees/info', EMPLOYEE, api('employees/get-own-profile'), READ, 'Own profile (settings)'],
  ['update-own-cell', 'PUT', '/api/v1/employees/update_cell', EMPLOYEE, api('employees/update-own-cell'), WRITE, 'Change own phone number'],
  ['get-employee', 'GET', '/api/v1/employees/{id}', ADMIN, api('employees/get-employee'), READ, 'Staff member (edit form)'],
  ['update-employee', 'PUT', '/api/v1/employees/{id}', ADMIN, api('employees/update-employee'), [...WRITE, ...pool('employeePool', 'AdminUpdateUserAttributes', 'AdminSetUserPassword')], 'Edit staff member'],
  ['delete-employee', 'DELETE', '/api/v1/employees/{id}', ADMIN, api('employees/delete-employee'), [...WRITE, ...pool('employeePool', 'AdminDisableUser')], 'Retire staff member'],
  // スタッフ一括登録 (CSV): preview and import validate the same way; the import worker registers the rows
  ['preview-employee-import', 'POST', '/api/v1/employee_imports/preview', ADMIN, api('employee-imports/preview-employee-import'), READ, 'Bulk staff import: validate every row of a CSV (writes nothing)'],
  ['create-employee-import', 'POST', '/api/v1/employee_imports', ADMIN, api('employee-imports/create-employee-import'), [...WRITE, 'exports'], 'Bulk staff import: validate again, store the rows and start the import worker'],
  ['get-employee-import', 'GET', '/api/v1/employee_imports/{id}', ADMIN, api('employee-imports/get-employee-import'), READ, 'Bulk staff import progress and failed rows'],
  ['retry-employee-import', 'POST', '/api/v1/employee_imports/{id}/retry', ADMIN, api('employee-imports/retry-employee-import'), WRITE, 'Bulk staff import: 再実行 of one that failed, whose worker died, or with rows left (each row carries on)'],

  // Departments and employment statuses
  ['list-departments', 'GET', '/api/v1/departments', ADMIN, api('departments/list-departments'), READ, 'Department list'],
  ['create-department', 'POST', '/api/v1/departments', ADMIN, api('departments/create-department'), WRITE, 'New department'],
  ['get-department', 'GET', '/api/v1/departments/{id}', ADMIN, api('departments/get-department'), READ, 'Department (edit form)'],
  ['update-department', 'PUT', '/api/v1/departments/{id}', ADMIN, api('departments/update-department'), WRITE, 'Rename department'],
  ['delete-department', 'DELETE', '/api/v1/departments/{id}', ADMIN, api('departments/delete-department'), WRITE, 'Delete department'],
  ['list-employment-statuses', 'GET', '/api/v1/employment_statuses', ADMIN, api('employment-statuses/list-employment-statuses'), READ, 'Employment status list'],
  ['create-employment-status', 'POST', '/api/v1/employment_statuses', ADMIN, api('employment-statuses/create-employment-status'), WRITE, 'New employment status'],
  ['get-employment-status', 'GET', '/api/v1/employment_statuses/{id}', ADMIN, api('employment-statuses/get-employment-status'), READ, 'Employment status (edit form)'],
  ['update-employment-status', 'PUT', '/api/v1/employment_statuses/{id}', ADMIN, api('employment-statuses/update-employment-status'), WRITE, 'Rename employment status'],
  ['delete-employment-status', 'DELETE', '/api/v1/employment_statuses/{id}', ADMIN, api('employment-statuses/delete-employment-status'), WRITE, 'Delete employment status'],

  // Punches (timestamps) and monthly attendance
  ['list-timestamps', 'GET', '/api/v1/timestamps', ['employee', 'admin'], api('timestamps/list-timestamps'), READ, 'Monthly attendance (own, or a staff id for admins)'],
  ['get-today-timestamp', 'GET', '/api/v1/timestamps/today', EMPLOYEE, api('timestamps/get-today-timestamp'), READ, "Today's punches"],
  ['create-timestamp', 'POST', '/api/v1/timestamps', EMPLOYEE, api('timestamps/create-timestamp'), WRITE, 'Punch in / out'],
  ['delete-timestamp', 'DELETE', '/api/v1/timestamps/{id}', ADMIN, api('timestamps/delete-timestamp'), WRITE, 'Delete an attendance record'],

  // Punch corrections
  ['list-modify-timestamps', 'GET', '/api/v1/modify_timestamps', EMPLOYEE, api('modify-timestamps/list-modify-timestamps'), READ, 'Own correction history'],
  ['get-modify-timestamp', 'GET', '/api/v1/modify_timestamp', EMPLOYEE, api('modify-timestamps/get-modify-timestamp'), READ, "A day's current punches"],
  ['create-modify-timestamp', 'POST', '/api/v1/modify_timestamps', EMPLOYEE, api('modify-timestamps/create-modify-timestamp'), [...WRITE, 'mail'], 'Correct a day'],

  // Requests: leave (holiday), holiday work, overtime
  ['list-holiday-requests', 'GET', '/api/v1/holiday_requests', ['employee', 'admin'], api('holiday-requests/list-holiday-requests'), READ, 'Leave requests'],
  ['create-holiday-request', 'POST', '/api/v1/holiday_requests', EMPLOYEE, api('holiday-requests/create-holiday-request'), [...WRITE, 'mail'], 'File leave request'],
  ['decide-holiday-request', 'PUT', '/api/v1/holiday_requests/{id}', ADMIN, api('holiday-requests/decide-holiday-request'), [...WRITE, 'mail'], 'Approve / reject leave'],
  ['delete-holiday-request', 'DELETE', '/api/v1/holiday_requests/{id}', EMPLOYEE, api('holiday-requests/delete-holiday-request'), WRITE, 'Withdraw leave request'],
  ['list-holiday-work-requests', 'GET', '/api/v1/holiday_work_requests', ['employee', 'admin'], api('holiday-work-requests/list-holiday-work-requests'), READ, 'Holiday-work requests'],
  ['create-holiday-work-request', 'POST', '/api/v1/holiday_work_requests', EMPLOYEE, api('holiday-work-requests/create-holiday-work-request'), [...WRITE, 'mail'], 'File holiday-work request'],
  ['decide-holiday-work-request', 'PUT', '/api/v1/holiday_work_requests/{id}', ADMIN, api('holiday-work-requests/decide-holiday-work-request'), [...WRITE, 'mail'], 'Approve / reject holiday work'],
  ['delete-holiday-work-request', 'DELETE', '/api/v1/holiday_work_requests/{id}', EMPLOYEE, api('holiday-work-requests/delete-holiday-work-request'), WRITE, 'Withdraw holiday-work request'],
  ['list-over-work-requests', 'GET', '/api/v1/over_work_requests', ['employee', 'admin'], api('over-work-requests/list-over-work-requests'), READ, 'Overtime requests'],
  ['create-over-work-request', 'POST', '/api/v1/over_work_requests', EMPLOYEE, api('over-work-requests/create-over-work-request'), [...WRITE, 'mail'], 'File overtime request'],
  ['decide-over-work-request', 'PUT', '/api/v1/over_work_requests/{id}', ADMIN, api('over-work-requests/decide-over-work-request'), [...WRITE, 'mail'], 'Approve / reject overtime'],
  ['delete-over-work-request', 'DELETE', '/api/v1/over_work_requests/{id}', EMPLOYEE, api('over-work-requests/delete-over-work-request'), WRITE, 'Withdraw overtime request'],
  ['list-pending-requests', 'GET', '/api/v1/pending_requests', ADMIN, api('pending-requests/list-pending-requests'), READ, 'Unapproved requests of every kind and month (未処理)'],
  ['count-pending-requests', 'GET', '/api/v1/pending_requests/count', ADMIN, api('pending-requests/count-pending-requests'), READ, 'How many requests wait for a decision (menu badge)'],
  // Approvals (issue 18 item 5): 打刻修正の承認, 一括承認
  ['approve-pending-requests', 'POST', '/api/v1/pending_requests/approve', ADMIN, api('pending-requests/approve-pending-requests'), [...WRITE, 'mail'], '一括承認: approve up to 50 unapproved requests, each in its own transaction'],
  ['get-approval-settings', 'GET', '/api/v1/approval_settings', ADMIN, api('pending-requests/get-approval-settings'), READ, '承認設定 (打刻修正の承認 on/off)'],
  ['update-approval-settings', 'PUT', '/api/v1/approval_settings', ADMIN, api('pending-requests/update-approval-settings'), WRITE, 'Turn 打刻修正の承認 on or off'],
  ['list-correction-requests', 'GET', '/api/v1/correction_requests', ['employee', 'admin'], api('correction-requests/list-correction-requests'), READ, 'Punch-correction requests (打刻修正の承認)'],
  ['decide-correction-request', 'PUT', '/api/v1/correction_requests/{id}', ADMIN, api('correction-requests/decide-correction-request'), [...WRITE, 'mail'], 'Approve (apply) / reject a punch correction'],
  ['delete-correction-request', 'DELETE', '/api/v1/correction_requests/{id}', EMPLOYEE, api('correction-requests/delete-correction-request'), WRITE, 'Withdraw a punch-correction request'],

  // Rules and work status
  ['get-work-status', 'GET', '/api/v1/work_status', ADMIN, api('work-status/get-work-status'), SESSIONS, 'Work status summary (its digest; a stale one is claimed for the worker)'],
  ['refresh-work-status', 'POST', '/api/v1/work_status/refresh', ADMIN, api('work-status/refresh-work-status'), SESSIONS, 'Work status: 再集計 (rebuild the digest in the background)'],
  ['get-own-work-status', 'GET', '/api/v1/work_status/me', EMPLOYEE, api('work-status/get-own-work-status'), READ, "Own month's figures and 36協定 findings"],
  ['get-overtime-agreement', 'GET', '/api/v1/overtime_agreement', ADMIN, api('work-status/get-overtime-agreement'), READ, '36協定 settings in force on a day (?on=) and their versions'],
  ['update-overtime-agreement', 'PUT', '/api/v1/overtime_agreement', ADMIN, api('work-status/update-overtime-agreement'), WRITE, 'Save a 36協定 settings version from effective_from'],
  ['get-company-calendar', 'GET', '/api/v1/company_calendar', ADMIN, api('work-status/get-company-calendar'), READ, 'Company calendar in force on a day (?on=), its versions and a month of days (?year&month)'],
  ['update-company-calendar', 'PUT', '/api/v1/company_calendar', ADMIN, api('work-status/update-company-calendar'), WRITE, 'Save a company calendar version from effective_from'],
  ['get-break-time', 'GET', '/api/v1/break_times', ADMIN, api('break-times/get-break-time'), READ, 'Break rule in force'],
  ['save-break-time', 'POST', '/api/v1/break_times', ADMIN, api('break-times/save-break-time'), WRITE, 'Save break rule'],
  ['get-working-time', 'GET', '/api/v1/working_times', ADMIN, api('working-times/get-working-time'), READ, 'Working-time rule in force'],
  ['save-working-time', 'POST', '/api/v1/working_times', ADMIN, api('working-times/save-working-time'), WRITE, 'Save working-time rule'],
  ['get-recompute-job', 'GET', '/api/v1/recompute_jobs/{id}', ADMIN, api('recompute-jobs/get-recompute-job'), READ, 'Progress of a background recompute after a settings version'],
  ['retry-recompute-job', 'POST', '/api/v1/recompute_jobs/{id}/retry', ADMIN, api('recompute-jobs/retry-recompute-job'), WRITE, '再実行 of a recompute or grant run that failed or whose worker died'],

  // Shifts (シフト): a month grid of staff × days; employees read their own schedule
  ['list-shifts', 'GET', '/api/v1/shifts', ['employee', 'admin'], api('shifts/list-shifts'), READ, "A month's shifts and resolved schedule (a page of staff, or own for employees)"],
  ['update-shifts', 'PUT', '/api/v1/shifts', ADMIN, api('shifts/update-shifts'), WRITE, 'Save shifts in bulk (pattern, day off or removal per staff and date)'],
  // Work patterns (勤務パターン), their default assignments and the work settings (勤務設定), issue 16
  ['list-work-patterns', 'GET', '/api/v1/work_patterns', ADMIN, api('work-patterns/list-work-patterns'), READ, 'Work patterns (deleted ones left out)'],
  ['create-work-pattern', 'POST', '/api/v1/work_patterns', ADMIN, api('work-patterns/create-work-pattern'), WRITE, 'New work pattern'],
  ['update-work-pattern', 'PUT', '/api/v1/work_patterns/{id}', ADMIN, api('work-patterns/update-work-pattern'), WRITE, 'Edit a work pattern (new times recompute in the background)'],
  ['delete-work-pattern', 'DELETE', '/api/v1/work_patterns/{id}', ADMIN, api('work-patterns/delete-work-pattern'), WRITE, 'Soft-delete a work pattern no current or future assignment uses'],
  ['get-work-pattern-assignments', 'GET', '/api/v1/work_pattern_assignments', ADMIN, api('work-patterns/get-work-pattern-assignments'), READ, 'Default pattern assignments in force on a day (?on=) and their versions'],
  ['update-work-pattern-assignment', 'PUT', '/api/v1/work_pattern_assignments', ADMIN, api('work-patterns/update-work-pattern-assignment'), WRITE, 'Save a default pattern version (department × status, or employee) from effective_from'],
  ['get-work-settings', 'GET', '/api/v1/work_settings', ADMIN, api('work-patterns/get-work-settings'), READ, 'Work settings in force on a day (?on=) and their versions'],
  ['update-work-settings', 'PUT', '/api/v1/work_settings', ADMIN, api('work-patterns/update-work-settings'), WRITE, 'Save a work settings version from effective_from'],
  // Working-time systems (労働時間制度: 通常 / 変形 / フレックス / 管理監督者), issue 17
  ['list-working-time-systems', 'GET', '/api/v1/working_time_systems', ADMIN, api('working-time-systems/list-working-time-systems'), READ, 'Every working-time system version (company-wide, per employment status, per employee)'],
  ['update-working-time-system', 'PUT', '/api/v1/working_time_systems', ADMIN, api('working-time-systems/update-working-time-system'), WRITE, 'Save a working-time system version from effective_from (same key and day replaces)'],
  ['delete-working-time-system', 'DELETE', '/api/v1/working_time_systems/{scope}/{status_id}/{employee_id}/{effective_from}', ADMIN, api('working-time-systems/delete-working-time-system'), WRITE, 'Delete a working-time system version not in force in a closed period'],
  ['check-working-time-system', 'GET', '/api/v1/working_time_systems/check', ADMIN, api('working-time-systems/check-working-time-system'), READ, "Plan checks of the 変形期間 holding a date for an employee's schedule (?employee_id&date)"],

  // Attendance CSV export (runs in its own Lambda, hands out a presigned link)
  ['create-attendance-export', 'POST', '/api/v1/attendance_exports', ADMIN, api('attendance-exports/create-attendance-export'), [...WRITE, 'exports'], 'Start attendance CSV export'],
  ['get-attendance-export', 'GET', '/api/v1/attendance_exports/{id}', ADMIN, api('attendance-exports/get-attendance-export'), [...READ, 'exports'], 'Export status and download link'],

  // 勤怠集計: monthly totals per employee and payroll period, and their CSV (export worker)
  ['list-attendance-totals', 'GET', '/api/v1/attendance_totals', ADMIN, api('attendance-totals/list-attendance-totals'), [...READ, 'exports'], '勤怠集計: one page of staff with their totals of a payroll period (closed: from the snapshot)'],
  ['create-attendance-totals-export', 'POST', '/api/v1/attendance_totals_exports', ADMIN, api('attendance-totals/create-attendance-totals-export'), [...WRITE, 'exports'], 'Start the 勤怠集計 CSV export'],
  ['get-attendance-totals-export', 'GET', '/api/v1/attendance_totals_exports/{id}', ADMIN, api('attendance-totals/get-attendance-totals-export'), [...READ, 'exports'], '勤怠集計 export status, progress and download link'],
  ['list-payroll-layouts', 'GET', '/api/v1/payroll_layouts', ADMIN, api('attendance-totals/list-payroll-layouts'), READ, 'Payroll CSV presets (with their sources), the company’s own layouts and the fields'],
  ['create-payroll-layout', 'POST', '/api/v1/payroll_layouts', ADMIN, api('attendance-totals/create-payroll-layout'), WRITE, 'New payroll CSV layout of the company'],
  ['update-payroll-layout', 'PUT', '/api/v1/payroll_layouts/{id}', ADMIN, api('attendance-totals/update-payroll-layout'), WRITE, 'Replace a payroll CSV layout of the company'],
  ['delete-payroll-layout', 'DELETE', '/api/v1/payroll_layouts/{id}', ADMIN, api('attendance-totals/delete-payroll-layout'), WRITE, 'Delete a payroll CSV layout of the company'],

  // Payroll period (締め日) and closing (締め): the closing job runs in the export worker
  ['get-payroll-period', 'GET', '/api/v1/payroll_period', ADMIN, api('period-closings/get-payroll-period'), READ, '締め日 in force on a day (?on=), its period and the versions'],
  ['update-payroll-period', 'PUT', '/api/v1/payroll_period', ADMIN, api('period-closings/update-payroll-period'), WRITE, 'Save a 締め日 version from effective_from'],
  ['list-period-closings', 'GET', '/api/v1/period_closings', ADMIN, api('period-closings/list-period-closings'), SESSIONS, 'Payroll periods with their closing status, and one period’s checklist (its digest; a stale one is claimed for the worker)'],
  ['refresh-period-closings', 'POST', '/api/v1/period_closings/refresh', ADMIN, api('period-closings/refresh-period-closings'), SESSIONS, '締め処理: 再集計 of a period’s checklist (rebuild its digest in the background)'],
  ['create-period-closing', 'POST', '/api/v1/period_closings', ADMIN, api('period-closings/create-period-closing'), WRITE, 'Close a payroll period (starts the closing job)'],
  ['reopen-period-closing', 'DELETE', '/api/v1/period_closings/{period}', ADMIN, api('period-closings/reopen-period-closing'), WRITE, 'Reopen a closed payroll period, with a reason'],

  // Annual paid leave (年次有給休暇): balances, grants, the five-day duty and the register (管理簿)
  ['get-own-paid-leave', 'GET', '/api/v1/paid_leave', EMPLOYEE, api('paid-leave/get-own-paid-leave'), READ, 'Own balance and five-day duty status'],
  // Mail settings (issue 18): the caller's own opt-out of the optional mails
  ['get-mail-settings', 'GET', '/api/v1/mail_settings', ['employee', 'admin'], api('mail-settings/get-mail-settings'), READ, 'Own mail settings (optional notices turned off)'],
  ['update-mail-settings', 'PUT', '/api/v1/mail_settings', ['employee', 'admin'], api('mail-settings/update-mail-settings'), WRITE, 'Turn own optional mails off or on'],
  // メール送信状況 (issue 30 item 12): every mail is stored before it is sent (the outbox); admins see their company's, the operator the platform's
  ['list-mail-outbox', 'GET', '/api/v1/mail_outbox', ADMIN, api('mail-outbox/list-mail-outbox'), READ, "The company's mails and how each went (sent, waiting for a retry, failed)"],
  ['resend-mail', 'POST', '/api/v1/mail_outbox/{id}/resend', ADMIN, api('mail-outbox/resend-mail'), [...WRITE, 'mail'], '再送 of a failed mail of the company'],
  ['list-platform-mails', 'GET', '/api/v1/platform_mails', OPERATOR, api('mail-outbox/list-platform-mails'), READ, "The platform's mails (password-reset codes) and how each went"],
  ['list-paid-leave', 'GET', '/api/v1/paid_leave/employees', ADMIN, api('paid-leave/list-paid-leave'), READ, 'Balances and five-day duty of all staff'],
  ['get-paid-leave', 'GET', '/api/v1/paid_leave/employees/{id}', ADMIN, api('paid-leave/get-paid-leave'), READ, "One staff member's grants, takings and register"],
  ['create-paid-leave-grant', 'POST', '/api/v1/paid_leave/employees/{id}/grants', ADMIN, api('paid-leave/create-paid-leave-grant'), WRITE, 'Manual grant or adjustment with a reason'],
  ['delete-paid-leave-grant', 'DELETE', '/api/v1/paid_leave/employees/{id}/grants/{grant_id}', ADMIN, api('paid-leave/delete-paid-leave-grant'), WRITE, 'Delete a grant entered wrongly (not the statutory run’s, not used, not in a closed period), audited'],
  ['get-paid-leave-settings', 'GET', '/api/v1/paid_leave/settings', ADMIN, api('paid-leave/get-paid-leave-settings'), READ, 'Common grant date (斉一的付与) setting'],
  ['update-paid-leave-settings', 'PUT', '/api/v1/paid_leave/settings', ADMIN, api('paid-leave/update-paid-leave-settings'), WRITE, 'Set or clear the common grant date'],
  ['run-paid-leave-grants', 'POST', '/api/v1/paid_leave/grant_runs', ADMIN, api('paid-leave/run-paid-leave-grants'), WRITE, 'Start a run of the statutory grants due now in the background (also scheduled daily)'],
  ['create-leave-register-export', 'POST', '/api/v1/leave_register_exports', ADMIN, api('paid-leave/create-leave-register-export'), [...WRITE, 'exports'], 'Start the 管理簿 CSV export'],
  ['get-leave-register-export', 'GET', '/api/v1/leave_register_exports/{id}', ADMIN, api('paid-leave/get-leave-register-export'), [...READ, 'exports'], 'Register export status and download link'],

  // Audit trail
  ['list-audit-events', 'GET', '/api/v1/audit_events', ADMIN, api('audit/list-audit-events'), READ, "The company's audit trail"],

  // Platform operator: company accounts, announcements, inquiries
  ['list-companies', 'GET', '/api/v1/companies', OPERATOR, api('companies/list-companies'), READ, 'Company accounts'],
  ['create-company', 'POST', '/api/v1/companies', OPERATOR, api('companies/create-company'), [...WRITE, ...pool('adminPool', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser')], 'New company account'],
  ['get-company', 'GET', '/api/v1/companies/{id}', OPERATOR, api('companies/get-company'), READ, 'Company account (edit form)'],
  ['update-company', 'PUT', '/api/v1/companies/{id}', OPERATOR, api('companies/update-company'), [...WRITE, ...pool('adminPool', 'AdminUpdateUserAttributes', 'AdminSetUserPassword')], 'Edit company account'],
  ['delete-company', 'DELETE', '/api/v1/companies/{id}', OPERATOR, api('companies/delete-company'), WRITE, 'Close company account (stops sign-in; the recompute worker disables its users)'],
  ['get-company-closing', 'GET', '/api/v1/companies/{id}/closing', OPERATOR, api('companies/get-company-closing'), READ, 'Progress of a company close (admins and staff disabled in the background)'],
  ['list-info-items', 'GET', '/api/v1/info_items', SIGNED_IN, api('info-items/list-info-items'), READ, 'Announcements (banners, or all for the operator)'],
  ['get-info-item', 'GET', '/api/v1/info_items/{id}', SIGNED_IN, api('info-items/get-info-item'), READ, 'Announcement detail'],
  ['create-info-item', 'POST', '/api/v1/info_items', OPERATOR, api('info-items/create-info-item'), WRITE, 'New announcement'],
  ['update-info-item', 'PUT', '/api/v1/info_items/{id}', OPERATOR, api('info-items/update-info-item'), WRITE, 'Edit announcement'],
  ['delete-info-item', 'DELETE', '/api/v1/info_items/{id}', OPERATOR, api('info-items/delete-info-item'), WRITE, 'Delete announcement'],
  ['start-operator-mfa', 'POST', '/api/v1/operator_mfa', OPERATOR, api('operator-mfa/start-operator-mfa'), SESSIONS, 'Operator MFA enrolment: a new TOTP secret'],
  ['verify-operator-mfa', 'PUT', '/api/v1/operator_mfa', OPERATOR, api('operator-mfa/verify-operator-mfa'), SESSIONS, 'Operator MFA enrolment: confirm a code and require TOTP'],
  ['create-inquiry', 'POST', '/api/v1/inquiries', PUBLIC, api('inquiries/create-inquiry'), WRITE, 'Contact form'],
  ['list-inquiries', 'GET', '/api/v1/inquiries', OPERATOR, api('inquiries/list-inquiries'), READ, 'Inquiries from the contact form'],

  // Password reset (issue 18 item 7): パスワードをお忘れの方 (code by the product's mail) and the admin's reset
  ['start-password-reset', 'POST', '/api/v1/password_resets', PUBLIC, api('password-resets/start-password-reset'), [...SESSIONS, 'mail'], 'Forgot password: mail a code if the account exists (same answer either way)'],
  ['confirm-password-reset', 'POST', '/api/v1/password_resets/confirm', PUBLIC, api('password-resets/confirm-password-reset'), [...SESSIONS, ...pool('employeePool', 'AdminSetUserPassword'), ...pool('adminPool', 'AdminSetUserPassword')], 'Forgot password: the mailed code and a new password; ends the sessions'],
  ['reset-employee-password', 'POST', '/api/v1/employees/{id}/password_reset', ADMIN, api('employees/reset-employee-password'), [...WRITE, ...pool('employeePool', 'AdminSetUserPassword'), 'mail'], 'Reset a staff member\'s password: a temporary one by mail'],
] as const satisfies readonly Row[];

type RouteRow = (typeof rows)[number];

/** Every route's name, as a literal union: `api()` accepts only these. */
export type RouteName = RouteRow[0];

/** The roles allowed to call a route (never for a public route). */
export type RolesOf<N extends RouteName> = Extract<RouteRow, readonly [N, ...unknown[]]>[3][number];

/** `functions/api/paid-leave/get-paid-leave.ts` → `paid-leave`. */
export const areaOf = (handler: string): string => {
  const folder = handler.split('/').at(-2);
  if (!folder) throw new Error(`Handler ${handler} is not inside an area folder`);
  return folder;
};

export const ROUTES: readonly RouteDef[] = rows.map(([name, method, path, roles, handler, needs, summary]) => ({
  name,
  method,
  path,
  roles,
  handler,
  needs,
  summary,
  area: areaOf(handler),
}));

/**
 * Functions that serve no HTTP route: the export worker (invoked asynchronously by the export routes)
 * and the daily paid-leave grant job (EventBridge schedule, cron in UTC). Same construct and house
 * defaults as the route functions; `needs` grants their resources the same way.
 */
export interface BackgroundDef {
  readonly name: string;
  readonly handler: string;
  readonly needs: readonly Need[];
  readonly summary: string;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  /** EventBridge schedule expression; absent for invoked functions. */
  readonly schedule?: string;
  /** Route names allowed to invoke it asynchronously (they get its name in `invokeEnv`). */
  readonly invokedBy?: readonly string[];
  /** The environment variable naming it in the invoking routes; EXPORT_WORKER_FUNCTION when absent. */
  readonly invokeEnv?: string;
}

export const BACKGROUND_FUNCTIONS: readonly BackgroundDef[] = [
  {
    name: 'export-worker',
    handler: 'functions/exports/worker.ts',
    needs: ['table:write', 'exports'],
    summary: 'Writes CSV exports and closes payroll periods into S3 (invoked asynchronously)',
    timeoutSeconds: 900,
    memorySize: 1024,
    invokedBy: [
      'create-attendance-export',
      'create-attendance-totals-export',
      'create-leave-register-export',
      'create-period-closing',
    ],
  },
  {
    name: 'staff-import-worker',
    handler: 'functions/exports/staff-import-worker.ts',
    // AdminSetUserPassword issues a new temporary password when the run that made the user died before
    // its welcome mail (issue 30 item 11); the user a dead run made is known by its username (issue 30 item 3).
    needs: [
      'table:write',
      'exports',
      ...pool('employeePool', 'AdminCreateUser', 'AdminDeleteUser', 'AdminSetUserPassword'),
      'mail',
    ],
    summary: 'Registers the staff of a bulk import (Cognito users and profiles; invoked asynchronously)',
    timeoutSeconds: 900,
    memorySize: 512,
    invokedBy: ['create-employee-import', 'retry-employee-import'],
    invokeEnv: 'STAFF_IMPORT_WORKER_FUNCTION',
  },
  {
    name: 'paid-leave-grants',
    handler: 'functions/jobs/paid-leave-grants.ts',
    needs: ['table:write'],
    summary: 'Applies the statutory paid-leave grants due today (daily)',
    timeoutSeconds: 900,
    memorySize: 512,
    // 00:10 in Japan, every day.
    schedule: 'cron(10 15 * * ? *)',
  },
  {
    name: 'recompute-worker',
    handler: 'functions/jobs/recompute-worker.ts',
    // 'mail': the daily run sends the scheduled notices (services/mail-notices.ts). The pools: the
    // operator's company close disables every admin and staff member (services/company-close.ts).
    needs: [
      'table:write',
      'mail',
      ...pool('adminPool', 'AdminDisableUser'),
      ...pool('employeePool', 'AdminDisableUser'),
    ],
    summary:
      "Recomputes stored monthly figures after a settings version, builds 勤怠状況's digests and 締め処理's checklists, runs an admin's paid-leave grant run and disables a closed company's users (invoked asynchronously)",
    timeoutSeconds: 900,
    memorySize: 512,
    invokedBy: [
      'save-working-time',
      'save-break-time',
      'update-company-calendar',
      'update-payroll-period',
      'update-shifts',
      'update-work-pattern',
      'update-work-pattern-assignment',
      'update-work-settings',
      'update-working-time-system',
      'delete-working-time-system',
      'get-work-status',
      'refresh-work-status',
      'list-period-closings',
      'refresh-period-closings',
      'run-paid-leave-grants',
      'retry-recompute-job',
      'delete-company',
      // A move of department / status or a new 入社日 / 退職日 recomputes the member's figures (issue 29).
      'update-employee',
    ],
    invokeEnv: 'RECOMPUTE_WORKER_FUNCTION',
    // 00:05 in Japan, every day: the daily refresh of the summaries (欠勤 of the day just ended).
    schedule: 'cron(5 15 * * ? *)',
  },
  {
    name: 'mail-outbox',
    handler: 'functions/jobs/mail-outbox.ts',
    // The outbox's items (company and platform partitions) and the send itself, nothing else.
    needs: ['table:write', 'mail'],
    summary:
      'Sends the mails the outbox holds that are due: retries after a failed send, mails whose request died (every minute)',
    timeoutSeconds: 300,
    memorySize: 256,
    // Every minute: the first retry waits a minute (domain/mail-outbox.ts).
    schedule: 'rate(1 minute)',
  },
];

export const isStateChanging = (method: HttpMethod): boolean => method !== 'GET';

/** Paths served by the API (everything else on the origin is the SPA). */
export const API_PATH_PREFIXES = [
  '/api/',
  '/users/sign_',
  '/users/new_password',
  '/companies/sign_',
  '/companies/new_password',
  '/operators/sign_',
  '/operators/mfa',
] as const;

/** `/operators/sign_in` is both a page (GET, SPA) and an API route (POST); only non-GET goes to the API. */
export const isApiRequest = (method: string, pathname: string): boolean =>
  pathname.startsWith('/api/') ||
  (method !== 'GET' && method !== 'HEAD' && API_PATH_PREFIXES.some((p) => pathname.startsWith(p)));

/** Turns `/api/v1/departments/{id}` into a matcher returning the path parameters. */
export function matchPath(template: string, pathname: string): Record<string, string> | null {
  const t = template.split('/');
  const p = pathname.split('/');
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    const actual = p[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (!actual) return null;
      // A malformed escape (`%E0%A4%A`) matches no route: 404, not a URIError (500).
      let decoded: string;
      try {
        decoded = decodeURIComponent(actual);
      } catch {
        return null;
      }
      params[seg.slice(1, -1)] = decoded;
    } else if (seg !== actual) {
      return null;
    }
  }
  return params;
}

/** Finds the route like API Gateway does: literal paths win over `{param}` paths. */
export function findRoute(
  method: string,
  pathname: string,
): { route: RouteDef; params: Record<string, string> } | null {
  const candidates = ROUTES.filter((r) => r.method === method)
    .map((route) => ({ route, params: matchPath(route.path, pathname) }))
    .filter((c): c is { route: RouteDef; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  return candidates[0] ?? null;
}
