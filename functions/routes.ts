/**
 * The route table: every HTTP route of the product, once.
 *
 * The CDK API construct creates one Lambda per entry from it, the local gateway serves it, and the
 * tests derive their isolation matrix from it. Nothing registers a route anywhere else.
 *
 * `roles` lists who may call the route; an empty list means public. Company and employee ids never
 * come from the request: they come from the verified session token (see functions/shared/auth).
 * `needs` lists the AWS resources the handler touches, so the stack grants exactly those.
 */
export const ROLES = ['employee', 'admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Resource = 'table' | 'exports' | 'employeePool' | 'adminPool' | 'operatorPool';

export interface RouteDef {
  /** Unique kebab-case id: the Lambda's logical id and the handler file's base name. */
  readonly name: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax (`{id}` for a path parameter). */
  readonly path: string;
  readonly roles: readonly Role[];
  /** Handler module, relative to the repository root, exporting `handler`. */
  readonly handler: string;
  readonly needs: readonly Resource[];
  /** Short description, Japanese-first products need English docs too. */
  readonly summary: string;
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
  needs: readonly Resource[],
  summary: string,
];

const api = (file: string) => `functions/api/${file}.ts`;

// `as const` keeps each row's name and roles as literals: they type the caller of each route function.
// prettier-ignore
const rows = [
  // Sessions (backend-for-frontend sign-in; cookies, not tokens, reach the browser)
  ['sign-in-user', 'POST', '/users/sign_in', PUBLIC, api('sessions/sign-in-user'), ['table', 'employeePool'], 'Employee sign-in'],
  ['sign-out-user', 'DELETE', '/users/sign_out', EMPLOYEE, api('sessions/sign-out-user'), ['table'], 'Employee sign-out'],
  ['sign-in-company', 'POST', '/companies/sign_in', PUBLIC, api('sessions/sign-in-company'), ['table', 'adminPool'], 'Company admin sign-in'],
  ['sign-out-company', 'DELETE', '/companies/sign_out', ADMIN, api('sessions/sign-out-company'), ['table'], 'Company admin sign-out'],
  ['sign-in-operator', 'POST', '/operators/sign_in', PUBLIC, api('sessions/sign-in-operator'), ['table', 'operatorPool'], 'Operator sign-in'],
  ['sign-out-operator', 'DELETE', '/operators/sign_out', OPERATOR, api('sessions/sign-out-operator'), ['table'], 'Operator sign-out'],
  ['new-password-user', 'POST', '/users/new_password', PUBLIC, api('sessions/new-password-user'), ['table', 'employeePool'], 'Employee first sign-in: set a new password'],
  ['new-password-company', 'POST', '/companies/new_password', PUBLIC, api('sessions/new-password-company'), ['table', 'adminPool'], 'Company admin first sign-in: set a new password'],
  ['mfa-operator', 'POST', '/operators/mfa', PUBLIC, api('sessions/mfa-operator'), ['table', 'operatorPool'], 'Operator sign-in: answer the TOTP challenge'],
  ['get-session', 'GET', '/api/v1/session', PUBLIC, api('sessions/get-session'), ['table'], 'Who is signed in (header data); issues the CSRF cookie'],
  ['get-health', 'GET', '/api/v1/health', PUBLIC, api('health/get-health'), ['table'], 'Readiness'],

  // Staff (employees)
  ['list-employees', 'GET', '/api/v1/employees', ADMIN, api('employees/list-employees'), ['table'], 'Staff list'],
  ['create-employee', 'POST', '/api/v1/employees', ADMIN, api('employees/create-employee'), ['table', 'employeePool'], 'Register staff member'],
  ['get-own-profile', 'GET', '/api/v1/employees/info', EMPLOYEE, api('employees/get-own-profile'), ['table'], 'Own profile (settings)'],
  ['update-own-cell', 'PUT', '/api/v1/employees/update_cell', EMPLOYEE, api('employees/update-own-cell'), ['table'], 'Change own phone number'],
  ['get-employee', 'GET', '/api/v1/employees/{id}', ADMIN, api('employees/get-employee'), ['table'], 'Staff member (edit form)'],
  ['update-employee', 'PUT', '/api/v1/employees/{id}', ADMIN, api('employees/update-employee'), ['table', 'employeePool'], 'Edit staff member'],
  ['delete-employee', 'DELETE', '/api/v1/employees/{id}', ADMIN, api('employees/delete-employee'), ['table', 'employeePool'], 'Retire staff member'],

  // Departments and employment statuses
  ['list-departments', 'GET', '/api/v1/departments', ADMIN, api('departments/list-departments'), ['table'], 'Department list'],
  ['create-department', 'POST', '/api/v1/departments', ADMIN, api('departments/create-department'), ['table'], 'New department'],
  ['get-department', 'GET', '/api/v1/departments/{id}', ADMIN, api('departments/get-department'), ['table'], 'Department (edit form)'],
  ['update-department', 'PUT', '/api/v1/departments/{id}', ADMIN, api('departments/update-department'), ['table'], 'Rename department'],
  ['delete-department', 'DELETE', '/api/v1/departments/{id}', ADMIN, api('departments/delete-department'), ['table'], 'Delete department'],
  ['list-employment-statuses', 'GET', '/api/v1/employment_statuses', ADMIN, api('employment-statuses/list-employment-statuses'), ['table'], 'Employment status list'],
  ['create-employment-status', 'POST', '/api/v1/employment_statuses', ADMIN, api('employment-statuses/create-employment-status'), ['table'], 'New employment status'],
  ['get-employment-status', 'GET', '/api/v1/employment_statuses/{id}', ADMIN, api('employment-statuses/get-employment-status'), ['table'], 'Employment status (edit form)'],
  ['update-employment-status', 'PUT', '/api/v1/employment_statuses/{id}', ADMIN, api('employment-statuses/update-employment-status'), ['table'], 'Rename employment status'],
  ['delete-employment-status', 'DELETE', '/api/v1/employment_statuses/{id}', ADMIN, api('employment-statuses/delete-employment-status'), ['table'], 'Delete employment status'],

  // Punches (timestamps) and monthly attendance
  ['list-timestamps', 'GET', '/api/v1/timestamps', ['employee', 'admin'], api('timestamps/list-timestamps'), ['table'], 'Monthly attendance (own, or a staff id for admins)'],
  ['get-today-timestamp', 'GET', '/api/v1/timestamps/today', EMPLOYEE, api('timestamps/get-today-timestamp'), ['table'], "Today's punches"],
  ['create-timestamp', 'POST', '/api/v1/timestamps', EMPLOYEE, api('timestamps/create-timestamp'), ['table'], 'Punch in / out'],
  ['delete-timestamp', 'DELETE', '/api/v1/timestamps/{id}', ADMIN, api('timestamps/delete-timestamp'), ['table'], 'Delete an attendance record'],

  // Punch corrections
  ['list-modify-timestamps', 'GET', '/api/v1/modify_timestamps', EMPLOYEE, api('modify-timestamps/list-modify-timestamps'), ['table'], 'Own correction history'],
  ['get-modify-timestamp', 'GET', '/api/v1/modify_timestamp', EMPLOYEE, api('modify-timestamps/get-modify-timestamp'), ['table'], "A day's current punches"],
  ['create-modify-timestamp', 'POST', '/api/v1/modify_timestamps', EMPLOYEE, api('modify-timestamps/create-modify-timestamp'), ['table'], 'Correct a day'],

  // Requests: leave (holiday), holiday work, overtime
  ['list-holiday-requests', 'GET', '/api/v1/holiday_requests', ['employee', 'admin'], api('holiday-requests/list-holiday-requests'), ['table'], 'Leave requests'],
  ['create-holiday-request', 'POST', '/api/v1/holiday_requests', EMPLOYEE, api('holiday-requests/create-holiday-request'), ['table'], 'File leave request'],
  ['decide-holiday-request', 'PUT', '/api/v1/holiday_requests/{id}', ADMIN, api('holiday-requests/decide-holiday-request'), ['table'], 'Approve / reject leave'],
  ['delete-holiday-request', 'DELETE', '/api/v1/holiday_requests/{id}', EMPLOYEE, api('holiday-requests/delete-holiday-request'), ['table'], 'Withdraw leave request'],
  ['list-holiday-work-requests', 'GET', '/api/v1/holiday_work_requests', ['employee', 'admin'], api('holiday-work-requests/list-holiday-work-requests'), ['table'], 'Holiday-work requests'],
  ['create-holiday-work-request', 'POST', '/api/v1/holiday_work_requests', EMPLOYEE, api('holiday-work-requests/create-holiday-work-request'), ['table'], 'File holiday-work request'],
  ['decide-holiday-work-request', 'PUT', '/api/v1/holiday_work_requests/{id}', ADMIN, api('holiday-work-requests/decide-holiday-work-request'), ['table'], 'Approve / reject holiday work'],
  ['delete-holiday-work-request', 'DELETE', '/api/v1/holiday_work_requests/{id}', EMPLOYEE, api('holiday-work-requests/delete-holiday-work-request'), ['table'], 'Withdraw holiday-work request'],
  ['list-over-work-requests', 'GET', '/api/v1/over_work_requests', ['employee', 'admin'], api('over-work-requests/list-over-work-requests'), ['table'], 'Overtime requests'],
  ['create-over-work-request', 'POST', '/api/v1/over_work_requests', EMPLOYEE, api('over-work-requests/create-over-work-request'), ['table'], 'File overtime request'],
  ['decide-over-work-request', 'PUT', '/api/v1/over_work_requests/{id}', ADMIN, api('over-work-requests/decide-over-work-request'), ['table'], 'Approve / reject overtime'],
  ['delete-over-work-request', 'DELETE', '/api/v1/over_work_requests/{id}', EMPLOYEE, api('over-work-requests/delete-over-work-request'), ['table'], 'Withdraw overtime request'],

  // Rules and work status
  ['get-work-status', 'GET', '/api/v1/work_status', ADMIN, api('work-status/get-work-status'), ['table'], 'Work status summary'],
  ['get-own-work-status', 'GET', '/api/v1/work_status/me', EMPLOYEE, api('work-status/get-own-work-status'), ['table'], "Own month's figures and 36協定 findings"],
  ['update-overtime-alert', 'PUT', '/api/v1/work_status/alert', ADMIN, api('work-status/update-overtime-alert'), ['table'], 'Monthly overtime alert limit and special clause'],
  ['get-break-time', 'GET', '/api/v1/break_times', ADMIN, api('break-times/get-break-time'), ['table'], 'Break rule in force'],
  ['save-break-time', 'POST', '/api/v1/break_times', ADMIN, api('break-times/save-break-time'), ['table'], 'Save break rule'],
  ['get-working-time', 'GET', '/api/v1/working_times', ADMIN, api('working-times/get-working-time'), ['table'], 'Working-time rule in force'],
  ['save-working-time', 'POST', '/api/v1/working_times', ADMIN, api('working-times/save-working-time'), ['table'], 'Save working-time rule'],

  // Attendance CSV export (runs in its own Lambda, hands out a presigned link)
  ['create-attendance-export', 'POST', '/api/v1/attendance_exports', ADMIN, api('attendance-exports/create-attendance-export'), ['table', 'exports'], 'Start attendance CSV export'],
  ['get-attendance-export', 'GET', '/api/v1/attendance_exports/{id}', ADMIN, api('attendance-exports/get-attendance-export'), ['table', 'exports'], 'Export status and download link'],

  // Annual paid leave (年次有給休暇): balances, grants, the five-day duty and the register (管理簿)
  ['get-own-paid-leave', 'GET', '/api/v1/paid_leave', EMPLOYEE, api('paid-leave/get-own-paid-leave'), ['table'], 'Own balance and five-day duty status'],
  ['list-paid-leave', 'GET', '/api/v1/paid_leave/employees', ADMIN, api('paid-leave/list-paid-leave'), ['table'], 'Balances and five-day duty of all staff'],
  ['get-paid-leave', 'GET', '/api/v1/paid_leave/employees/{id}', ADMIN, api('paid-leave/get-paid-leave'), ['table'], "One staff member's grants, takings and register"],
  ['create-paid-leave-grant', 'POST', '/api/v1/paid_leave/employees/{id}/grants', ADMIN, api('paid-leave/create-paid-leave-grant'), ['table'], 'Manual grant or adjustment with a reason'],
  ['get-paid-leave-settings', 'GET', '/api/v1/paid_leave/settings', ADMIN, api('paid-leave/get-paid-leave-settings'), ['table'], 'Common grant date (斉一的付与) setting'],
  ['update-paid-leave-settings', 'PUT', '/api/v1/paid_leave/settings', ADMIN, api('paid-leave/update-paid-leave-settings'), ['table'], 'Set or clear the common grant date'],
  ['run-paid-leave-grants', 'POST', '/api/v1/paid_leave/grant_runs', ADMIN, api('paid-leave/run-paid-leave-grants'), ['table'], 'Apply statutory grants due now (also scheduled daily)'],
  ['create-leave-register-export', 'POST', '/api/v1/leave_register_exports', ADMIN, api('paid-leave/create-leave-register-export'), ['table', 'exports'], 'Start the 管理簿 CSV export'],
  ['get-leave-register-export', 'GET', '/api/v1/leave_register_exports/{id}', ADMIN, api('paid-leave/get-leave-register-export'), ['table', 'exports'], 'Register export status and download link'],

  // Audit trail
  ['list-audit-events', 'GET', '/api/v1/audit_events', ADMIN, api('audit/list-audit-events'), ['table'], "The company's audit trail"],

  // Platform operator: company accounts, announcements, inquiries
  ['list-companies', 'GET', '/api/v1/companies', OPERATOR, api('companies/list-companies'), ['table'], 'Company accounts'],
  ['create-company', 'POST', '/api/v1/companies', OPERATOR, api('companies/create-company'), ['table', 'adminPool'], 'New company account'],
  ['get-company', 'GET', '/api/v1/companies/{id}', OPERATOR, api('companies/get-company'), ['table'], 'Company account (edit form)'],
  ['update-company', 'PUT', '/api/v1/companies/{id}', OPERATOR, api('companies/update-company'), ['table', 'adminPool'], 'Edit company account'],
  ['delete-company', 'DELETE', '/api/v1/companies/{id}', OPERATOR, api('companies/delete-company'), ['table', 'adminPool', 'employeePool'], 'Close company account'],
  ['list-info-items', 'GET', '/api/v1/info_items', SIGNED_IN, api('info-items/list-info-items'), ['table'], 'Announcements (banners, or all for the operator)'],
  ['get-info-item', 'GET', '/api/v1/info_items/{id}', SIGNED_IN, api('info-items/get-info-item'), ['table'], 'Announcement detail'],
  ['create-info-item', 'POST', '/api/v1/info_items', OPERATOR, api('info-items/create-info-item'), ['table'], 'New announcement'],
  ['update-info-item', 'PUT', '/api/v1/info_items/{id}', OPERATOR, api('info-items/update-info-item'), ['table'], 'Edit announcement'],
  ['delete-info-item', 'DELETE', '/api/v1/info_items/{id}', OPERATOR, api('info-items/delete-info-item'), ['table'], 'Delete announcement'],
  ['start-operator-mfa', 'POST', '/api/v1/operator_mfa', OPERATOR, api('operator-mfa/start-operator-mfa'), ['table', 'operatorPool'], 'Operator MFA enrolment: a new TOTP secret'],
  ['verify-operator-mfa', 'PUT', '/api/v1/operator_mfa', OPERATOR, api('operator-mfa/verify-operator-mfa'), ['table', 'operatorPool'], 'Operator MFA enrolment: confirm a code and require TOTP'],
  ['create-inquiry', 'POST', '/api/v1/inquiries', PUBLIC, api('inquiries/create-inquiry'), ['table'], 'Contact form'],
  ['list-inquiries', 'GET', '/api/v1/inquiries', OPERATOR, api('inquiries/list-inquiries'), ['table'], 'Inquiries from the contact form'],
] as const satisfies readonly Row[];

type RouteRow = (typeof rows)[number];

/** Every route's name, as a literal union: `api()` accepts only these. */
export type RouteName = RouteRow[0];

/** The roles allowed to call a route (never for a public route). */
export type RolesOf<N extends RouteName> = Extract<RouteRow, readonly [N, ...unknown[]]>[3][number];

export const ROUTES: readonly RouteDef[] = rows.map(([name, method, path, roles, handler, needs, summary]) => ({
  name,
  method,
  path,
  roles,
  handler,
  needs,
  summary,
}));

/**
 * Functions that serve no HTTP route: the export worker (invoked asynchronously by the export routes)
 * and the daily paid-leave grant job (EventBridge schedule, cron in UTC). Same construct and house
 * defaults as the route functions; `needs` grants their resources the same way.
 */
export interface BackgroundDef {
  readonly name: string;
  readonly handler: string;
  readonly needs: readonly Resource[];
  readonly summary: string;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  /** EventBridge schedule expression; absent for invoked functions. */
  readonly schedule?: string;
  /** Route names allowed to invoke it asynchronously (they get its name as EXPORT_WORKER_FUNCTION). */
  readonly invokedBy?: readonly string[];
}

export const BACKGROUND_FUNCTIONS: readonly BackgroundDef[] = [
  {
    name: 'export-worker',
    handler: 'functions/exports/worker.ts',
    needs: ['table', 'exports'],
    summary: 'Writes CSV exports to S3 (invoked asynchronously)',
    timeoutSeconds: 900,
    memorySize: 1024,
    invokedBy: ['create-attendance-export', 'create-leave-register-export'],
  },
  {
    name: 'paid-leave-grants',
    handler: 'functions/jobs/paid-leave-grants.ts',
    needs: ['table'],
    summary: 'Applies the statutory paid-leave grants due today (daily)',
    timeoutSeconds: 900,
    memorySize: 512,
    // 00:10 in Japan, every day.
    schedule: 'cron(10 15 * * ? *)',
  },
];

export const isStateChanging = (method: HttpMethod): boolean => method !== 'GET';

/** Paths served by the API (everything else on the origin is the SPA). */
export const API_PATH_PREFIXES = ['/api/', '/users/sign_', '/users/new_password', '/companies/sign_', '/companies/new_password', '/operators/sign_', '/operators/mfa'] as const;

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
export function findRoute(method: string, pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  const candidates = ROUTES.filter((r) => r.method === method)
    .map((route) => ({ route, params: matchPath(route.path, pathname) }))
    .filter((c): c is { route: RouteDef; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  return candidates[0] ?? null;
}
