/**
 * DynamoDB requests per API call (issue 9 §2). Every route of the route table is called once, through
 * the local gateway, on a realistic company: 20 staff, last month and this month of attendance, a
 * working-time rule, requests of each kind, month summaries. A middleware on the handlers' document
 * client counts each DynamoDB request by command and asks for ReturnConsumedCapacity=TOTAL, so the
 * table also shows the capacity units DynamoDB Local reports.
 *
 * The read of the session item that every authenticated call makes (cookie sessions are revocable
 * server-side, see functions/shared/auth/session.ts) is counted separately: it is the same one read
 * on every route — a GetItem for the operator, for a tenant user one BatchGetItem of the session and
 * its company's closure mark — so the budgets below are about what the route itself reads and writes.
 *
 * Each route is asserted against the budget of its access pattern (BUDGETS, with the reason); a new
 * read or a scan-like loop fails here. The work status screen is also measured at 60 staff: its
 * request count must not grow with the number of employees.
 *
 * With REQUEST_COUNTS_OUT set, the table is also written there as JSON (test/bench/request-counts.ts
 * and test/bench/cost-model.ts read it).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../functions/db/service.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { publicHoliday } from '../../functions/domain/calendar.js';
import { instantOf, monthDates, weekday } from '../../functions/domain/time.js';
import { ROUTES, type RouteDef } from '../../functions/routes.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
import type { HttpClient, HttpResponse } from '../support/http-client.js';
import { printRequestCounts, type RouteCount } from '../support/request-counts.js';
import { buildFixture, requestFor, send, type SecurityFixture } from '../support/security/fixture.js';
import { useTestStack } from '../support/stack.js';
import { signIn } from '../support/tenant.js';
import { workingDay } from '../support/working-days.js';
import { periodClosingsAfterRefresh } from '../support/period-closings.js';
import { workStatusAfterRefresh } from '../support/work-status.js';

// The local export worker runs in this process after the API answered; while a route is measured it
// must not add its own requests to that route's count (on AWS it is a separate function).
const worker = vi.hoisted(() => ({ enabled: true }));
vi.mock('../../functions/exports/worker.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/exports/worker.js')>();
  return {
    ...real,
    runExport: (event: Parameters<typeof real.runExport>[0]) =>
      worker.enabled ? real.runExport(event) : Promise.resolve(),
    runClosing: (event: Parameters<typeof real.runClosing>[0]) =>
      worker.enabled ? real.runClosing(event) : Promise.resolve(),
  };
});

// The same for the local recompute worker a rule save starts (functions/services/recompute.ts).
vi.mock('../../functions/services/recompute-runner.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/services/recompute-runner.js')>();
  return {
    ...real,
    runRecompute: (event: Parameters<typeof real.runRecompute>[0]) =>
      worker.enabled ? real.runRecompute(event) : Promise.resolve(),
    // The worker's entry for every event the routes start (recompute jobs, 勤怠状況's digests).
    runWorkerEvent: (event: Parameters<typeof real.runWorkerEvent>[0]) =>
      worker.enabled ? real.runWorkerEvent(event) : Promise.resolve(),
  };
});

// The same for the local スタッフ一括登録 worker the import route starts.
vi.mock('../../functions/exports/staff-import-worker.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/exports/staff-import-worker.js')>();
  return {
    ...real,
    runStaffImport: (event: Parameters<typeof real.runStaffImport>[0]) =>
      worker.enabled ? real.runStaffImport(event) : Promise.resolve(),
  };
});

const stack = useTestStack();

// ---- counting -------------------------------------------------------------------------------------

interface Sample {
  command: string;
  sessionRead: boolean;
  read: number;
  write: number;
  total: number | null;
}
let samples: Sample[] = [];
let counting = false;
const NO_CAPACITY = new Set(['DescribeTableCommand']);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchWriteCommand',
  'TransactWriteCommand',
]);

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

function installCounter() {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '?';
      const input = args.input as Record<string, unknown>;
      if (!counting) return next(args);
      if (!NO_CAPACITY.has(command)) input.ReturnConsumedCapacity = 'TOTAL';
      // The key may already be marshalled ({ S: "…" }) depending on where in the stack this runs.
      const pk = (input.Key as { pk?: string | { S?: string } } | undefined)?.pk;
      const pkText = typeof pk === 'string' ? pk : pk?.S;
      // The session is read alone (GetItem; the operator) or with its company's closure mark (one
      // BatchGetItem; every tenant user, issue 30 item 4).
      const batchKeys = Object.values(
        (input.RequestItems as Record<string, { Keys?: { pk?: string | { S?: string } }[] }> | undefined) ?? {},
      ).flatMap((r) => r.Keys ?? []);
      const pkOf = (key: { pk?: string | { S?: string } } | undefined) =>
        typeof key?.pk === 'string' ? key.pk : key?.pk?.S;
      const sessionRead =
        (/^Get(Item)?Command$/.test(command) && typeof pkText === 'string' && pkText.startsWith('session#')) ||
        (/^BatchGet(Item)?Command$/.test(command) && batchKeys.some((k) => pkOf(k)?.startsWith('session#')));
      const result = await next(args);
      const raw = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      const sum = (pick: (c: Capacity) => number | undefined) => list.reduce((a, c) => a + (pick(c) ?? 0), 0);
      // DynamoDB Local reports only the total; the command says whether those units are reads or writes.
      const total = list.length ? sum((c) => c.CapacityUnits) : null;
      const isWrite = WRITES.has(command);
      samples.push({
        command: command.replace(/Command$/, ''),
        sessionRead,
        read: sum((c) => c.ReadCapacityUnits) || (isWrite ? 0 : (total ?? 0)),
        write: sum((c) => c.WriteCapacityUnits) || (isWrite ? (total ?? 0) : 0),
        total,
      });
      return result;
    },
    { step: 'initialize', name: 'requestCountProbe' },
  );
}

async function measure(route: string, call: () => Promise<HttpResponse>, note?: string): Promise<RouteCount> {
  samples = [];
  counting = true;
  let res: HttpResponse;
  try {
    res = await call();
  } finally {
    counting = false;
  }
  const own = samples.filter((s) => !s.sessionRead);
  const byCommand: Record<string, number> = {};
  for (const s of own) byCommand[s.command] = (byCommand[s.command] ?? 0) + 1;
  const reported = samples.some((s) => s.total !== null);
  if (own.length > (BUDGETS[route]?.max ?? Infinity))
    console.warn(`${route}: ${own.length} requests, budget ${BUDGETS[route]!.max}`);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    route,
    status: res.status,
    requests: own.length,
    sessionReads: samples.length - own.length,
    byCommand,
    capacity: reported ? round(samples.reduce((a, s) => a + (s.total ?? 0), 0)) : null,
    readUnits: reported ? round(samples.reduce((a, s) => a + s.read, 0)) : null,
    writeUnits: reported ? round(samples.reduce((a, s) => a + s.write, 0)) : null,
    ...(note ? { note } : {}),
  };
}

// ---- budgets --------------------------------------------------------------------------------------

/**
 * Most requests (the session read not included) each route may make, and why: the access pattern's
 * minimum. A list is one Query page of one partition; a single object is one GetItem; a change is one
 * write, with its audit record (a PutItem after the change, issue 7) and, where two items must change
 * together, one TransactWriteItems. Reads that come before a write are the state the write is
 * conditional on. Summary refreshes (the payroll period's totals after a change that alters worked
 * time) are a fixed four requests (issue 19): the company's settings partition — rules, calendar,
 * 締め日, closings and schedule settings live in one partition — (Query) and the employee with the
 * overtime history (TransactGetItems) at once, the days and shifts of the periods (one Query of the
 * employee's partition), and one TransactWriteItems of the summaries and the history line. When the
 * changed day's week ends in the next period, both periods are refreshed with the same four. Issue 15 added the 締め日 versions (one Query) to every route that names a payroll period.
 */
export const BUDGETS: Record<string, { max: number; why: string }> = {};
const budget = (routes: string[], max: number, why: string) => routes.forEach((r) => (BUDGETS[r] = { max, why }));
/**
 * Issue 15: every write that can change a day (or a settings version from a day) first reads the
 * company's payroll-period closings, one Query, and refuses a change to a closed period before writing.
 */
const CLOSED = "the closed-period check (one Query of the company's closings)";
/** Issue 30 item 12: every mail is stored before it is sent (the outbox), then claimed and marked sent. */
const OUTBOX = 'then each mail stored with the change is sent: its claim and its mark (UpdateItem each; one mail here)';

budget(['get-session'], 0, 'answers from the session read alone');
budget(
  ['new-password-user', 'new-password-company', 'mfa-operator', 'start-operator-mfa', 'verify-operator-mfa'],
  0,
  'refused before any read (no challenge / already enrolled)',
);
budget(['get-health'], 1, 'DescribeTable');
budget(
  [
    'list-departments',
    'list-employment-statuses',
    'list-modify-timestamps',
    'list-holiday-requests',
    'list-holiday-work-requests',
    'list-over-work-requests',
    'list-audit-events',
    'list-pending-requests',
    'count-pending-requests',
    'list-correction-requests',
    'list-mail-outbox',
    'list-platform-mails',
    'list-companies',
    'list-info-items',
    'list-inquiries',
  ],
  1,
  'list: one Query page',
);
budget(
  ['get-today-timestamp'],
  3,
  "the company's settings partition and the employee's recent days and shifts (two Query at once); with department × status defaults, the employee's department and status (GetItem)",
);
budget(
  [
    'get-department',
    'get-employment-status',
    'get-attendance-export',
    'get-leave-register-export',
    'get-attendance-totals-export',
    'get-paid-leave-settings',
    'get-approval-settings',
    'get-company',
    'get-info-item',
  ],
  1,
  'one GetItem',
);
budget(
  ['create-company'],
  3,
  "the admin e-mail's login-index accounts (Query: the cap per e-mail, issue 30 item 3), one TransactWriteItems (the item, its uniqueness/account items and the login-index item), the admin's temporary password hash (PutItem, issue 30 item 1)",
);
budget(
  ['create-holiday-work-request', 'create-over-work-request'],
  5,
  `${CLOSED}, one TransactWriteItems (the item and its uniqueness and 未処理 items, and the admins' mails: issue 30 item 12), the company's admins for the mail (one Query page), ${OUTBOX}`,
);
budget(
  ['create-holiday-request'],
  10,
  `what the date is for the employee (issue 29: the company's settings partition — calendar, patterns, rules, 勤務設定 — one Query page; the staff member, GetItem; the employee's days and shifts of the date, one Query page, two for a 振替's two dates): leave only on a working day, hours within it, 時間単位年休 allowed; ${CLOSED}, the year's leave (one Query page: the 39条4項 hourly cap), one TransactWriteItems (with the admins' mails), the company's admins for the mail (one Query page), ${OUTBOX}`,
);
budget(['get-mail-settings'], 1, 'the caller (GetItem)');
budget(['update-mail-settings'], 1, 'one conditional write');
budget(['update-own-cell', 'create-info-item', 'update-info-item', 'delete-info-item'], 1, 'one conditional write');
budget(
  ['sign-out-user', 'sign-out-company', 'sign-out-operator'],
  1,
  'DeleteItem of the session (its read is the session read)',
);
budget(['get-overtime-agreement'], 1, "the company's 36協定 versions: one Query page");
budget(['get-payroll-period'], 1, "the company's 締め日 versions: one Query page");
budget(
  ['update-payroll-period'],
  5,
  'the closings (one Query page, the closed-period check), the version and the recompute job (2 PutItem), the versions for the answer (one Query page), audit record; the recompute runs in the background whatever the staff count',
);
budget(
  ['list-period-closings'],
  5,
  "issue 19: 締め日 versions and closings, the period's pending requests (one Query page each) and its checklist digest (GetItem); a missing or stale digest adds one conditional UpdateItem (the claim) and the worker builds it, whatever the number of staff",
);
budget(
  ['refresh-period-closings'],
  5,
  "再集計: 締め日 versions and closings, the period's pending requests (one Query page each), the checklist digest (GetItem) and the claim (UpdateItem); the worker builds it",
);
budget(
  ['create-period-closing'],
  4,
  '締め日 versions and closings (one Query page each), the closing item (conditional PutItem), audit record; the job is the worker',
);
budget(['reopen-period-closing'], 3, 'the closing (GetItem), its reopening (conditional UpdateItem), audit record');
budget(
  ['update-overtime-agreement'],
  4,
  `${CLOSED}, the version (PutItem), the versions for the answer (one Query page), audit record`,
);
budget(
  ['create-department', 'create-employment-status'],
  3,
  'name check of rows older than the unique items (one Query page), the row and its name unique item (one TransactWrite), audit record',
);
budget(
  ['update-department', 'update-employment-status'],
  5,
  'row, name check (one Query page), old name unique item (GetItem), rename and unique items (one TransactWrite), audit record',
);
budget(['get-break-time', 'get-working-time'], 2, 'the company (GetItem) and its rules (one Query page)');
budget(
  ['delete-holiday-request', 'delete-holiday-work-request', 'delete-over-work-request'],
  3,
  `read the request, ${CLOSED} on its date, then one TransactWriteItems (request + uniqueness item)`,
);
budget(['create-inquiry'], 2, 'rate-limit counter (UpdateItem) and the inquiry (PutItem)');
budget(
  ['sign-in-operator'],
  3,
  'refused sign-in: the address and account brakes (one BatchGetItem), the attempt counted on the account, then the failure on the address (UpdateItem each)',
);
budget(
  ['create-leave-register-export'],
  2,
  'the staff member (GetItem) and the job (PutItem); the worker is its own function',
);
budget(
  ['list-timestamps'],
  7,
  "the staff member (GetItem), the month, the rules, the calendar versions and the schedule settings (one Query page each), the employee's shifts (one Query page per calendar month the weeks touch, one or two; 6 measured)",
);
budget(
  ['list-attendance-totals'],
  6,
  "the staff page in 五十音 order (its members carry their paid-leave ledgers), the 締め日 versions, departments, statuses (one Query page each), the closing (GetItem; a closed period's snapshot is one S3 read) and the page's summaries (one BatchGetItem), whatever the staff count",
);
budget(
  ['create-attendance-totals-export'],
  4,
  'the 締め日 versions (one Query page), the department and status checks (GetItem) and the job (PutItem); the worker is its own function',
);
budget(['get-company-calendar'], 1, "the company's calendar versions: one Query page");
budget(['list-payroll-layouts'], 1, "the company's payroll layouts: one GetItem (the presets are code)");
budget(
  ['create-payroll-layout', 'update-payroll-layout', 'delete-payroll-layout'],
  3,
  "the company's layouts (GetItem), the conditional write of them all, audit record",
);
budget(
  ['list-shifts'],
  8,
  "the staff page in 五十音 order (one Query page) or the staff member (GetItem), the schedule partition, the company calendar (a default pattern does not apply on its days off), the departments and the statuses (one Query page each), and each listed member's shifts of the month (one Query page each: the page is not a range of ids; measured on one member and on a page of 3, at most MAX_SHIFT_PAGE), whatever the company's staff count",
);
budget(
  ['update-shifts'],
  6,
  `the named staff (BatchGetItem, 100 a call), the schedule partition (one Query page), ${CLOSED}, the shifts (BatchWriteItem, 25 a call), the recompute job (PutItem), audit record; the recompute of only the named staff runs in the background`,
);
budget(
  ['update-company-calendar'],
  5,
  `${CLOSED} on effective_from, the version and the recompute job (2 PutItem), the versions for the answer (one Query page), audit record; the recompute runs in the background whatever the staff count`,
);
budget(['get-own-profile', 'get-employee'], 3, 'staff member, department and status / summary items: three GetItem');
budget(
  ['create-attendance-export', 'create-paid-leave-grant'],
  3,
  'checks of the referenced items (GetItem) and the write',
);
budget(['update-paid-leave-settings'], 3, 'read, conditional write, audit record');
budget(
  ['delete-paid-leave-grant'],
  4,
  `issue 30 item 8: the member with their leave ledger (GetItem, consistent), their grants (one Query page), ${CLOSED} on the grant's day, then one TransactWriteItems (the grant, the ledger, the audit event)`,
);
budget(
  ['decide-holiday-work-request', 'decide-over-work-request'],
  10,
  'read, ' +
    CLOSED +
    " on its date, one TransactWriteItems (the decision, the approval marked on the day, its audit event, the employee's mail), then one summary refresh (four requests, issue 19: the settings partition (Query) and the employee with the overtime history (TransactGetItems) at once, the days and shifts of the periods (one Query), one TransactWriteItems): approving clears the day's 未承認 warning; the decision mail's recipient (the employee, GetItem), " +
    OUTBOX,
);
budget(
  ['get-own-work-status'],
  6,
  "company and summary items (three GetItem) and the company's 36協定, calendar and 締め日 versions (one Query page each)",
);
budget(
  ['get-work-status'],
  3,
  "issue 19: the 締め日 versions (one Query page) and the period's digest (GetItem); a missing or stale digest adds one conditional UpdateItem (the claim) and the worker builds it, whatever the number of staff",
);
budget(
  ['refresh-work-status'],
  3,
  '再集計: the 締め日 versions (one Query page), the digest (GetItem) and the claim (UpdateItem); the worker builds it',
);
budget(
  ['list-employees'],
  6,
  "issue 19: one page of the staff in 五十音 order (one Query page of gsi1), the departments, the statuses and the 締め日 versions (one small Query page each), the page's summaries (one BatchGetItem) — whatever the staff count. The pickers' search (?q=) reads instead of the page at most one Query page of gsi1 (フリガナ prefix, begins_with), one of gsi2 (氏名 prefix) and a unique item and its member (社員番号 or e-mail: two GetItem)",
);
budget(
  ['preview-employee-import'],
  5,
  "issue 19: departments and statuses (one Query page each) and the unique items of the file's e-mails and 社員番号 (one BatchGetItem per 100 keys: grows with the file, never with the staff count); a file whose e-mails are taken also reads those e-mails' import intents (issue 30 item 11: one BatchGetItem per 100), to skip the rows an earlier import registered; and the admin's language for the row problems (issue 31): their own setting (GetItem), then the company's default (GetItem) when neither it nor Accept-Language decides",
);
budget(
  ['create-employee-import'],
  6,
  "the preview's reads (two Queries and one BatchGetItem for a small file), the job (PutItem), its audit record and idempotency record; the rows go to S3 and the worker is its own function",
);
budget(
  ['get-employee-import'],
  3,
  "the job (GetItem); and the admin's language for the row problems (issue 31): their own setting (GetItem), then the company's default (GetItem) when neither it nor Accept-Language decides",
);
budget(
  ['retry-employee-import'],
  5,
  "issue 30 item 13: 再実行 — the job (GetItem), giving it back on condition it failed or its lease ran out (UpdateItem), audit record; the worker is its own function; and the admin's language for the row problems (issue 31): their own setting (GetItem), then the company's default (GetItem) when neither it nor Accept-Language decides",
);
budget(
  ['retry-recompute-job'],
  3,
  'issue 30 item 13: 再実行 — the job (GetItem), giving it back on condition it failed or its lease ran out (UpdateItem), audit record; the worker is its own function',
);
budget(
  ['create-employee'],
  13,
  "the e-mail's login-index accounts (Query: the cap per e-mail, issue 30 item 3), department and status checks (GetItem), the temporary password's hash (PutItem, issue 30 item 1), the staff item with the units' active-staff counts (one TransactWriteItems) and its audit record, then the new member's summaries of this and the previous payroll period (issue 29 item 14: four requests, as any summary refresh — the settings partition (Query) and the member with the overtime history (TransactGetItems) at once, the days and shifts (one Query), one TransactWriteItems), so 勤怠集計 shows 0s at once; the welcome mail stored (PutItem: after the Cognito user, so not in that transaction), claimed and marked sent (UpdateItem each)",
);
budget(
  ['get-paid-leave', 'run-paid-leave-grants'],
  4,
  'company and staff (GetItem) and one Query page each of grants and leave days',
);
budget(
  ['list-paid-leave'],
  2,
  'the staff page in 五十音 order, its members carrying their paid-leave ledgers (one Query page), and the company (GetItem, 斉一的付与), whatever the staff count',
);
budget(
  ['get-own-paid-leave'],
  5,
  "company and staff (GetItem), one Query page each of grants and leave days, and the schedule settings (a day's hours to show hourly leave as days and hours)",
);
budget(
  ['list-work-patterns', 'get-work-settings'],
  1,
  "the company's schedule settings (patterns, assignments, settings versions): one Query page",
);
budget(
  ['get-work-pattern-assignments'],
  2,
  "the company's schedule settings (one Query page); with assignments per employee, their names (one BatchGetItem per 100 named, so the screen reads no staff list)",
);
budget(
  ['create-work-pattern'],
  3,
  'name check (one Query page of the schedule settings), the pattern (PutItem), audit record',
);
budget(
  ['delete-work-pattern'],
  3,
  'the schedule settings (one Query page: in-use check), the soft delete (UpdateItem), audit record',
);
budget(
  ['update-work-pattern'],
  6,
  `the schedule settings (one Query page), ${CLOSED} (new times: a closed period that used it refuses them; one Query page per month of a closed period closed after the pattern was made, for its shifts), the UpdateItem, the recompute job (PutItem), audit record`,
);
budget(
  ['update-work-pattern-assignment'],
  7,
  `department / status / employee checks (GetItem each, only those named), the schedule settings (one Query page), ${CLOSED} on effective_from, the version and the recompute job (2 PutItem), audit record`,
);
budget(
  ['list-working-time-systems'],
  2,
  "the company's schedule settings (the working-time system versions among them): one Query page; with versions per employee, their names (one BatchGetItem per 100 named, so the screen reads no staff list)",
);
budget(
  ['update-working-time-system'],
  5,
  `the status or employee check (GetItem, only the one named), ${CLOSED} on effective_from, the version and the recompute job (2 PutItem), audit record`,
);
budget(
  ['check-working-time-system'],
  16,
  'the employee (GetItem), the schedule settings, the calendar versions and the rules (one Query page each), and for a 変形 system one Query page of shifts per month of its period (up to 12 for 1年単位)',
);
budget(
  ['delete-working-time-system'],
  5,
  `the schedule settings and ${CLOSED} (one Query page each), the DeleteItem, the recompute job (PutItem), audit record`,
);
budget(
  ['update-work-settings'],
  5,
  `${CLOSED} on effective_from, the version and the recompute job (2 PutItem), the versions for the answer (one Query page), audit record`,
);
budget(
  ['delete-department', 'delete-employment-status'],
  4,
  'issue 19: read with its active-staff count (GetItem; no read of the staff), its name unique item (GetItem), delete of both on condition the count is 0 (one TransactWrite), audit record — whatever the staff count',
);
budget(
  ['create-timestamp'],
  4,
  "issue 19: the company's settings partition — patterns, assignments, rules, calendar, 締め日 and closings — (one Query) and the employee with the overtime history (one TransactGetItems) at once, then the employee's days and shifts from the start of what a punch-out can recompute (one Query), then one conditional write; a punch-out's summary refresh is computed from those reads and written in the punch's own transaction",
);
budget(
  ['sign-in-user', 'sign-in-company'],
  7,
  "the address and account brakes (one BatchGetItem), the attempt counted (UpdateItem) and taken back once the password proves right (UpdateItem), the e-mail's accounts in the login index (Query, issue 30 item 3: one e-mail may sign in to several companies) with each account's user and company (GetItem each: read once, the session reuses them), the session (PutItem)",
);
budget(
  ['update-company'],
  6,
  "company and admin (GetItem), admins (Query), the new admin e-mail's login-index accounts (Query: the cap per e-mail, issue 30 item 3), one TransactWriteItems (with the login-index move), audit record",
);
budget(
  ['delete-employee'],
  5,
  "read, retire with the department's and status' active-staff counts (one TransactWriteItems), the sessions to end (Query + BatchWriteItem), audit record",
);
budget(
  ['reset-employee-password'],
  8,
  "the staff member (GetItem), the temporary password's hash (PutItem, issue 30 item 1), the sessions to end (Query + BatchWriteItem), audit record; the mail stored (PutItem), claimed and marked sent (UpdateItem each)",
);
budget(
  ['start-password-reset'],
  3,
  "the address and e-mail rate limits (UpdateItem each), the e-mail's login-index accounts (Query: issue 30 item 3, in place of Cognito's AdminGetUser); an unknown e-mail writes nothing more (a real one adds its code, PutItem, and the code's mail: stored, claimed and marked sent)",
);
budget(['confirm-password-reset'], 2, 'the address rate limit (UpdateItem) and the pending code (GetItem)');
budget(
  ['update-employee'],
  10,
  "staff, department, status, e-mail uniqueness and Cognito-side checks (5 GetItem), the new e-mail's login-index accounts (Query: the cap per e-mail, issue 30 item 3), the update (with the units' active-staff counts when they change: one TransactWriteItems) and its audit record; a move of department / status or a new 入社日 / 退職日 (issue 29 items 8 and 11) adds the company's closings (one Query: a date in a closed period is refused) and the member's background recompute job (PutItem)",
);
budget(
  ['create-modify-timestamp', 'decide-holiday-request'],
  11,
  `read the day or request (with the company's 打刻修正の承認 flag for a correction, GetItem at once), ${CLOSED}, the change with its record and audit event (one TransactWriteItems, with a decision's mail), then one summary refresh (four requests, issue 19: the settings partition (Query) and the employee with the overtime history (TransactGetItems) at once, the days and shifts of the periods (one Query), one TransactWriteItems), and the decision mail's recipient; ${OUTBOX}`,
);
budget(
  ['delete-timestamp'],
  8,
  `read the day, ${CLOSED}, the delete, audit record, then one summary refresh (four requests, issue 19: the settings partition (Query) and the employee with the overtime history (TransactGetItems) at once, the days and shifts of the periods (one Query), one TransactWriteItems)`,
);
budget(
  ['save-break-time', 'save-working-time'],
  8,
  `pair check (up to 2 GetItem), ${CLOSED} on effective_from, the rules before and after (two Query pages), the version and the recompute job (2 PutItem), audit record; the recompute runs in the background whatever the staff count`,
);
budget(['get-recompute-job'], 1, 'the job (GetItem)');
// Issue 18 item 5 (approvals).
budget(['get-modify-timestamp'], 2, 'the day and the company (打刻修正の承認), two GetItem at once');
budget(['update-approval-settings'], 3, 'the company (GetItem, the audit before), the flag (UpdateItem), audit record');
budget(
  ['decide-correction-request'],
  18,
  `the request and the day (GetItem each), ${CLOSED}, the day, its modification record, the decision, the 未処理 item and the guard with the audit event and the employee's mail (one TransactWriteItems), then one summary refresh as create-modify-timestamp, and the employee for the decision's mail (GetItem); ${OUTBOX}`,
);
budget(
  ['delete-correction-request'],
  3,
  `the request (GetItem), ${CLOSED}, one TransactWriteItems (the request, its guard and 未処理 item)`,
);
budget(
  ['approve-pending-requests'],
  4,
  'per id: the request (GetItem, any kind), then its decision as its decide route; the fixture sends an unknown id (one GetItem), the audit record of the call',
);
budget(
  ['delete-company'],
  2,
  'issue 19: the company (GetItem), closed with its job recorded (one TransactWriteItems); the recompute worker disables every admin and staff member and ends their sessions, whatever the staff count',
);
budget(['get-company-closing'], 2, 'the company and its close job (GetItem each)');
budget(
  ['resend-mail'],
  5,
  'issue 30 item 12: the mail queued again on condition it failed (UpdateItem; refused, the mail read to tell 404 from 409: GetItem), its claim and its mark (UpdateItem each), the mail for the answer (GetItem), audit record',
);

// ---- the run --------------------------------------------------------------------------------------

let fx: SecurityFixture;
const results: RouteCount[] = [];
const workStatusAt: Record<number, RouteCount> = {};
const closingsAt: Record<number, RouteCount> = {};
const TZ = 'Asia/Tokyo';
/** The ambient test clock (test-clock.ts), given back after the tests that move it. */
const ambientNow = clock.now;

async function addStaff(
  companyId: string,
  departmentId: string,
  employmentStatusId: string,
  count: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  await db()
    .entities.Employee.put(
      ids.map((employeeId, i) => ({
        companyId,
        employeeId,
        lastName: '社員',
        firstName: `追加${i + 1}`,
        nameKana: `シャイン ツイカ`,
        email: `rc-${employeeId}@example.test`,
        departmentId,
        employmentStatusId,
      })),
    )
    .go();
  return ids;
}

/** Weekday attendance of `employeeIds` for a month, up to (not including) `before`. */
async function addAttendance(companyId: string, employeeIds: string[], year: number, month: number, before: string) {
  const dates = monthDates(year, month).filter((d) => d < before && weekday(d) % 6 !== 0 && !publicHoliday(d));
  const days = employeeIds.flatMap((employeeId, i) =>
    dates.map((workDate, j) => ({
      companyId,
      employeeId,
      workDate,
      punchInAt: instantOf(workDate, 9, (i + j) % 30, TZ),
      punchOutAt: instantOf(workDate, 18 + ((i + j) % 3), (i * 7 + j) % 60, TZ),
    })),
  );
  for (let k = 0; k < days.length; k += 500)
    await db()
      .entities.AttendanceDay.put(days.slice(k, k + 500))
      .go();
  return days.length;
}

const previousMonth = (year: number, month: number) =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

beforeAll(async () => {
  installCounter();
  fx = await buildFixture(stack.baseUrl);
  const a = fx.a;
  const { year, month } = fx.ids;
  const prev = previousMonth(year, month);
  // 3 staff from the fixture + 17 = 20, each with last month and this month (to yesterday) worked.
  const extra = await addStaff(a.companyId, a.departmentId, a.employmentStatusId, 17);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(clock.now());
  const everyone = [...a.employees.map((e) => e.id), ...extra];
  await addAttendance(a.companyId, everyone, prev.year, prev.month, '9999-99-99');
  await addAttendance(a.companyId, everyone, year, month, today);
  // A work pattern as the default of the department × status, so the punch screen reads the whole
  // schedule (patterns, the month's shifts and the employee's department and status).
  await db()
    .entities.WorkPatternItem.put({
      companyId: a.companyId,
      patternId: 'day',
      name: '日勤',
      startMinute: 540,
      endMinute: 1080,
    })
    .go();
  await db()
    .entities.PatternAssignment.put({
      companyId: a.companyId,
      scope: 'group',
      departmentId: a.departmentId,
      employmentStatusId: a.employmentStatusId,
      employeeId: '-',
      effectiveFrom: '2020-01-01',
      patternId: 'day',
    })
    .go();
  // Requests of each kind from two people, pending and decided.
  const e2 = fx.clients.employeeA2;
  for (const [kind, body] of [
    ['holiday_requests', { kind: 1, year, month, day: workingDay(year, month, 7) }],
    ['holiday_work_requests', { year, month, day: 11 }],
    ['over_work_requests', { year, month, day: 12 }],
  ] as const) {
    const res = await e2.post(`/api/v1/${kind}`, body);
    if (res.status >= 300) throw new Error(`seed ${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await refreshCompanyMonth(a.companyId, TZ, prev.year, prev.month);
  await refreshCompanyMonth(a.companyId, TZ, year, month);
}, 240_000);

afterAll(() => {
  clock.now = ambientNow;
  worker.enabled = true;
});

/** Routes that change or end what later calls need run last, in this order. */
const LAST = [
  'decide-holiday-request',
  'decide-holiday-work-request',
  'decide-over-work-request',
  'decide-correction-request',
  'delete-holiday-request',
  'delete-holiday-work-request',
  'delete-over-work-request',
  'delete-correction-request',
  'delete-timestamp',
  // Ends the second employee's sessions; before retiring them.
  'reset-employee-password',
  'delete-employee',
  'delete-department',
  'delete-employment-status',
  'delete-info-item',
  'sign-out-user',
  'sign-out-company',
  // Closing company A ends its sessions: after every call of its users.
  'delete-company',
  // The close just started: its job.
  'get-company-closing',
  'sign-out-operator',
];
const SPECIAL = new Set(['create-timestamp', 'sign-in-user', 'sign-in-company', 'get-work-status']);

/**
 * Calls that need an object of their own, made just before the measured call (outside the count):
 * a pending request to withdraw, an unused department or status to delete.
 */
async function prepare(route: RouteDef, call: ReturnType<typeof requestFor>): Promise<ReturnType<typeof requestFor>> {
  const { employeeA, adminA } = fx.clients;
  const { year, month } = fx.ids;
  const fresh = async (client: HttpClient, path: string, body: object) => {
    const res = await client.post(path, body);
    if (res.status >= 300) throw new Error(`prepare ${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
    return route.path.replace('{id}', res.body.data.id as string);
  };
  switch (route.name) {
    case 'delete-holiday-request':
      return {
        ...call,
        path: await fresh(employeeA, '/api/v1/holiday_requests', {
          kind: 1,
          year,
          month,
          day: workingDay(year, month, 14),
        }),
      };
    case 'delete-holiday-work-request':
      return { ...call, path: await fresh(employeeA, '/api/v1/holiday_work_requests', { year, month, day: 21 }) };
    case 'delete-over-work-request':
      return { ...call, path: await fresh(employeeA, '/api/v1/over_work_requests', { year, month, day: 22 }) };
    case 'delete-department':
      return { ...call, path: await fresh(adminA, '/api/v1/departments', { name: '廃止予定' }) };
    case 'delete-employment-status':
      return { ...call, path: await fresh(adminA, '/api/v1/employment_statuses', { name: '廃止予定' }) };
    case 'delete-work-pattern':
      return {
        ...call,
        path: await fresh(adminA, '/api/v1/work_patterns', {
          name: '廃止予定',
          start_time: '09:00',
          end_time: '17:00',
          crosses_midnight: false,
          breaks: [],
        }),
      };
    case 'delete-paid-leave-grant': {
      // A grant of its own, made just before: the fixture's stays for the isolation tests.
      const employee = fx.ids.employee;
      const res = await adminA.post(`/api/v1/paid_leave/employees/${employee}/grants`, {
        granted_on: '2025-05-01',
        days: 1,
        kind: 'extra',
        reason: '調整',
      });
      if (res.status >= 300) throw new Error(`prepare ${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...call, path: `/api/v1/paid_leave/employees/${employee}/grants/${res.body.data.id as string}` };
    }
    case 'update-paid-leave-settings':
      return { ...call, body: { common_grant_date: null } };
    default:
      return call;
  }
}

function clientFor(route: RouteDef): HttpClient {
  const c = fx.clients;
  if (route.roles.length === 0) return c.anonymous;
  if (route.roles.includes('admin')) return c.adminA;
  if (route.roles.includes('employee')) return c.employeeA;
  return c.operator;
}

describe('DynamoDB requests per API call', () => {
  it('every route stays within its access pattern', async () => {
    worker.enabled = false;

    // Sign-in, successful, as each role (a fresh client each: the fixture's sessions stay valid).
    for (const [route, role, user] of [
      ['sign-in-user', 'employee', fx.a.employees[2]!],
      ['sign-in-company', 'admin', fx.a.admin],
    ] as const) {
      results.push(
        await measure(
          route,
          async () => {
            const client = await signIn(stack.baseUrl, role, { email: user.email, password: user.password }).catch(
              () => null,
            );
            return { status: client ? 200 : 401, body: null, headers: new Headers() } as unknown as HttpResponse;
          },
          'incl. its GET /session',
        ),
      );
    }

    // Punch in, take a break (one hour later), and (two hours later, past the one-minute repeat window)
    // punch out, as employee A2.
    const e2 = fx.clients.employeeA2;
    results.push(await measure('create-timestamp', () => e2.post('/api/v1/timestamps', { note: '' }), 'punch-in'));
    const realNow = clock.now;
    const later = (minutes: number) => {
      clock.now = () => new Date(realNow().getTime() + minutes * 60 * 1000);
    };
    try {
      later(60);
      const breakStart = () => e2.post('/api/v1/timestamps', { kind: 'break_start' });
      results.push(await measure('create-timestamp', breakStart, 'break-start'));
      later(90);
      const breakEnd = () => e2.post('/api/v1/timestamps', { kind: 'break_end' });
      results.push(await measure('create-timestamp', breakEnd, 'break-end'));
      later(120);
      results.push(await measure('create-timestamp', () => e2.post('/api/v1/timestamps', { note: '' }), 'punch-out'));
    } finally {
      clock.now = realNow;
    }

    const run = async (route: RouteDef) => {
      const call = await prepare(route, requestFor(route, fx.ids));
      const count = await measure(route.name, () => send(clientFor(route), route, call));
      if (count.status >= 400) count.note = 'refusal path (see below)';
      results.push(count);
    };
    for (const route of ROUTES.filter((r) => !SPECIAL.has(r.name) && !LAST.includes(r.name))) await run(route);

    // Work status at 20 staff, then at 60: the count must not depend on the number of staff. Each is
    // measured on a digest just built (the worker runs outside the measure).
    const { year, month } = fx.ids;
    const path = `/api/v1/work_status?year=${year}&month=${month}`;
    const builtDigest = async () => {
      worker.enabled = true;
      await workStatusAfterRefresh(fx.clients.adminA, path);
      worker.enabled = false;
    };
    // 締め処理 likewise: its checklist digest just built, read at 20 and at 60 staff.
    const closingsPath = `/api/v1/period_closings?period=${year}-${String(month).padStart(2, '0')}`;
    const builtChecklist = async () => {
      worker.enabled = true;
      expect((await periodClosingsAfterRefresh(fx.clients.adminA, closingsPath)).status).toBe(200);
      worker.enabled = false;
    };
    await builtDigest();
    workStatusAt[20] = await measure('get-work-status', () => fx.clients.adminA.get(path), '20 staff');
    results.push(workStatusAt[20]);
    await builtChecklist();
    closingsAt[20] = await measure('list-period-closings', () => fx.clients.adminA.get(closingsPath), '20 staff');
    results.push(closingsAt[20]);
    const a = fx.a;
    const more = await addStaff(a.companyId, a.departmentId, a.employmentStatusId, 40);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(clock.now());
    await addAttendance(a.companyId, more, year, month, today);
    await refreshCompanyMonth(a.companyId, TZ, year, month);
    await builtDigest();
    workStatusAt[60] = await measure('get-work-status', () => fx.clients.adminA.get(path), '60 staff');
    results.push(workStatusAt[60]);
    await builtChecklist();
    closingsAt[60] = await measure('list-period-closings', () => fx.clients.adminA.get(closingsPath), '60 staff');
    results.push(closingsAt[60]);
    const countAt60 = (await fx.clients.adminA.get(path)).body.data.count_employees as number;

    // The staff pickers' search (?q=), at 60 staff (57 with a フリガナ): the same reads whatever the staff count.
    const searches = [
      ['しゃいん', 'search: フリガナ prefix', 57],
      // 社員 追加N: N = 1 and 10–17 of the first 17 added, 1 and 10–19 of the next 40 → 9 + 11.
      ['社員 追加1', 'search: 氏名 prefix', 20],
      [a.employees[0]!.email.toUpperCase(), 'search: e-mail', 1],
      ['NO-SUCH-1', 'search: 社員番号', 0],
    ] as const;
    for (const [q, note, found] of searches) {
      const search = `/api/v1/employees?q=${encodeURIComponent(q)}`;
      results.push(await measure('list-employees', () => fx.clients.adminA.get(search), note));
      const res = await fx.clients.adminA.get(search);
      expect([note, res.status, (res.body.data as unknown[]).length]).toEqual([note, 200, found]);
    }

    // The シフト grid's page at 60 staff (issue 29 item 21): in 五十音 order, so each listed member's month
    // of shifts is a Query of its own: for a page of 3 the five fixed reads and three, whatever the staff count.
    const gridPath = `/api/v1/shifts?year=${year}&month=${month}&limit=3`;
    const grid = await measure(
      'list-shifts',
      () => fx.clients.adminA.get(gridPath),
      'the grid: a page of 3 at 60 staff',
    );
    results.push(grid);
    expect([grid.status, grid.byCommand]).toEqual([200, { Query: 8 }]);

    // The settings lists with a version of one member: its name comes with it (one BatchGetItem).
    const member = a.employees[0]!;
    for (const [path, body] of [
      ['/api/v1/work_pattern_assignments', { scope: 'employee', employee_id: member.id, pattern_id: null }],
      ['/api/v1/working_time_systems', { scope: 'employee', employee_id: member.id, system: 'standard' }],
    ] as const) {
      const saved = await fx.clients.adminA.put(path, { ...body, effective_from: '2030-01-01' });
      expect([path, saved.status]).toEqual([path, 200]);
    }
    const named = [
      ['get-work-pattern-assignments', '/api/v1/work_pattern_assignments?on=2030-01-01'],
      ['list-working-time-systems', '/api/v1/working_time_systems'],
    ] as const;
    for (const [route, path] of named) {
      results.push(await measure(route, () => fx.clients.adminA.get(path), 'with a version of one member'));
      const text = JSON.stringify((await fx.clients.adminA.get(path)).body.data);
      expect([route, text.includes(`"employee_name":"${member.name}"`)]).toEqual([route, true]);
    }

    for (const name of LAST) await run(ROUTES.find((r) => r.name === name)!);

    printRequestCounts(results);
    if (process.env.REQUEST_COUNTS_OUT) writeFileSync(process.env.REQUEST_COUNTS_OUT, JSON.stringify(results, null, 2));

    // Every route was measured and stayed within its budget.
    const over = results.filter((r) => r.requests > (BUDGETS[r.route]?.max ?? -1));
    expect(over.map((r) => `${r.route}: ${r.requests} > ${BUDGETS[r.route]?.max ?? 'no budget'}`)).toEqual([]);
    expect(new Set(results.map((r) => r.route))).toEqual(new Set(ROUTES.map((r) => r.name)));

    // Authenticated calls read the session item exactly once (sign-out reads it again to delete it).
    for (const r of results.filter((x) => x.status < 400 && ROUTES.find((d) => d.name === x.route)!.roles.length > 0)) {
      expect([r.route, r.sessionReads]).toEqual([r.route, r.route.startsWith('sign-out-') ? 2 : 1]);
    }

    // Issue 19: every punch is four requests — the settings partition (Query) and the employee with the
    // overtime history (TransactGetItems), the days and shifts (Query), then one write: the
    // conditional UpdateItem, or for 退勤 one TransactWriteItems holding the punch and the refreshed
    // summary (it was 15 requests: each settings partition and each month of shifts was its own Query).
    const punches = results.filter((r) => r.route === 'create-timestamp');
    expect(punches.map((r) => r.note)).toEqual(['punch-in', 'break-start', 'break-end', 'punch-out']);
    for (const r of punches.slice(0, 3)) expect(r.byCommand).toEqual({ Query: 2, TransactGetItems: 1, UpdateItem: 1 });
    expect(punches[3]!.byCommand).toEqual({ Query: 2, TransactGetItems: 1, TransactWriteItems: 1 });
    expect(results.find((r) => r.route === 'get-today-timestamp')!.byCommand).toEqual({ Query: 2, GetItem: 1 });

    // Work status: the same few requests for 60 staff as for 20 (the session, the 締め日 versions and
    // the digest), and the figures are those of all 60.
    expect(workStatusAt[20].status).toBe(200);
    expect(workStatusAt[60].status).toBe(200);
    expect(workStatusAt[20].byCommand).toEqual({ GetItem: 1, Query: 1 });
    expect(workStatusAt[60].byCommand).toEqual(workStatusAt[20].byCommand);
    expect(countAt60).toBeGreaterThanOrEqual(60);

    // 締め処理: the same requests for 60 staff as for 20 (the 締め日 versions, the closings,
    // the period's pending requests and the checklist digest).
    expect(closingsAt[20].status).toBe(200);
    expect(closingsAt[60].status).toBe(200);
    expect(closingsAt[20].byCommand).toEqual({ GetItem: 1, Query: 3 });
    expect(closingsAt[60].byCommand).toEqual(closingsAt[20].byCommand);
  }, 300_000);
});
