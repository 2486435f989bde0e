/**
 * The SPA's page paths, one list per area, relative to the area's base as react-router writes them
 * (`:id` is one segment, a trailing `*` any rest). The area routers take their `path` props from
 * here (typed: a Route whose path is not listed does not compile), and the local gateway and the
 * CloudFront viewer functions answer 404 for page paths none of them match. No React here: the
 * gateway and the CDK code import this module.
 */

export const PUBLIC_PAGES = [
  '',
  'users/sign_in',
  'companies/sign_in',
  'operators/sign_in',
  // The operation manual, readable without signing in (frontend/src/manual).
  'manual',
  'manual/employee',
  'manual/admin',
  'manual/operator',
  // パスワードをお忘れの方 of the employee and the company admin sign-in pages (issue 18 item 7).
  'users/password_reset',
  'companies/password_reset',
] as const;

export const EMPLOYEE_PAGES = [
  '',
  'attendance',
  'modify',
  'requests',
  'requests/holiday',
  'requests/holiday_work',
  'requests/over_work',
  'settings',
  'info_items/:id',
] as const;

export const ADMIN_PAGES = [
  '',
  'requests',
  'staff',
  'staff/new',
  'staff/:id/edit',
  'departments',
  'departments/new',
  'departments/:id/edit',
  'employment_statuses',
  'employment_statuses/new',
  'employment_statuses/:id/edit',
  'paid_leave',
  'paid_leave/:id',
  'audit',
  'closing',
  'working_times',
  'break_times',
  'company_calendar',
  'shifts',
  'work_patterns',
  'work_settings',
  'working_time_systems',
  'csv_download',
  'csv_download/download',
  'attendance_totals',
  'mail_settings',
  'info_items/:id',
  'info_items',
  'info_items/new',
  'info_items/:id/edit',
  'companies/*',
  'inquiries/*',
  // Staff detail (monthly schedule of one staff member).
  ':id',
  // スタッフ一括登録 (issue 18 item 4)
  'staff/import',
  // 36協定設定 on its own settings screen (issue 29 item 19)
  'overtime_agreement',
  // メール送信状況 (issue 30 item 12); the operator's platform_mails answers Permission Denied here
  'mail_outbox',
  'platform_mails',
] as const;

export const OPERATOR_PAGES = [
  '',
  'companies',
  'companies/new',
  'companies/:id/edit',
  'info_items',
  'info_items/new',
  'info_items/:id',
  'info_items/:id/edit',
  'inquiries',
  // メール送信状況 of the platform's own mails (issue 30 item 12)
  'platform_mails',
] as const;

/** Identity on the listed paths: `path={page('staff/:id/edit')}` fails to compile for an unlisted one. */
export const pathsOf =
  <const T extends readonly string[]>(_pages: T) =>
  (path: T[number]): T[number] =>
    path;

const AREAS: readonly { base: string; pages: readonly string[] }[] = [
  { base: '', pages: PUBLIC_PAGES },
  { base: 'employees', pages: EMPLOYEE_PAGES },
  { base: 'management', pages: ADMIN_PAGES },
  { base: 'management', pages: OPERATOR_PAGES },
];

/** Every page pattern as an absolute path (`/employees/info_items/:id`), for the gateway and CloudFront. */
export const PAGE_PATTERNS: readonly string[] = [
  ...new Set(AREAS.flatMap(({ base, pages }) => pages.map((p) => `/${[base, p].filter(Boolean).join('/')}`))),
];

/**
 * `/employees/info_items/:id` as a regular expression source: `:id` one non-empty segment, a trailing
 * `/*` any rest (or none), and a trailing slash allowed, as react-router matches them.
 */
export function patternSource(pattern: string): string {
  const segments = pattern.split('/').filter(Boolean);
  let source = '';
  for (const segment of segments) {
    if (segment === '*') return `^${source}(/.*)?$`;
    source += segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return `^${source}/?$`;
}

const PAGE_REGEXPS = PAGE_PATTERNS.map((p) => new RegExp(patternSource(p)));

/** Whether the SPA's router renders a page (not its 404 page) for this path name. */
export const isKnownPagePath = (pathname: string): boolean => PAGE_REGEXPS.some((re) => re.test(pathname));
