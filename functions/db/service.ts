import { Entity, Service, type Schema } from 'electrodb';
import { dynamo } from '../shared/clients/dynamodb.js';
import { env } from '../shared/env.js';
import { AttendanceDay } from './entities/attendance-day.js';
import { CompanyAdmin } from './entities/company-admin.js';
import { Company } from './entities/company.js';
import { Department } from './entities/department.js';
import { Employee } from './entities/employee.js';
import { EmploymentStatus } from './entities/employment-status.js';
import { Idempotency } from './entities/idempotency.js';
import { InfoItem } from './entities/info-item.js';
import { Inquiry } from './entities/inquiry.js';
import { Modification } from './entities/modification.js';
import { PaidLeaveGrant } from './entities/paid-leave-grant.js';
import { RateLimit } from './entities/rate-limit.js';
import { Request } from './entities/request.js';
import { Rule } from './entities/rule.js';
import { Session } from './entities/session.js';
import { UniqueValue } from './entities/unique-value.js';
import { OvertimeHistory, WorkSummary } from './entities/work-summary.js';
import { ExportJob } from './entities/export-job.js';
import { AuditEvent } from './entities/audit-event.js';
import { PendingRequest } from './entities/pending-request.js';
import { OvertimeAgreement } from './entities/overtime-agreement.js';
import { PayrollSetting } from './entities/payroll-setting.js';
import { PeriodClosing } from './entities/period-closing.js';
import { RecomputeJob } from './entities/recompute-job.js';
import { CompanyCalendar } from './entities/company-calendar.js';
import { PatternAssignment, WorkPatternItem, WorkSetting, WorkSystemItem } from './entities/work-pattern.js';
import { Shift } from './entities/shift.js';
import { StaffImportJob } from './entities/staff-import-job.js';
import { StaffImportRow } from './entities/staff-import-row.js';
import { PasswordReset } from './entities/password-reset.js';
import { TemporaryPassword } from './entities/temporary-password.js';
import { LoginName } from './entities/login-name.js';
import { CompanyClosure } from './entities/company-closure.js';
import { MailNotice } from './entities/mail-notice.js';
import { MailOutbox, PlatformMail } from './entities/mail-outbox.js';
import { PayrollLayoutSet } from './entities/payroll-layout.js';
import { WorkStatusDigest } from './entities/work-status-digest.js';
import { ClosingChecklistDigest } from './entities/closing-checklist-digest.js';

const schemas = {
  Company,
  CompanyAdmin,
  Employee,
  Department,
  EmploymentStatus,
  AttendanceDay,
  Modification,
  Request,
  Rule,
  InfoItem,
  Inquiry,
  Session,
  Idempotency,
  UniqueValue,
  WorkSummary,
  ExportJob,
  AuditEvent,
  OvertimeHistory,
  RateLimit,
  PaidLeaveGrant,
  PendingRequest,
  OvertimeAgreement,
  PayrollSetting,
  PeriodClosing,
  RecomputeJob,
  CompanyCalendar,
  WorkPatternItem,
  PatternAssignment,
  WorkSetting,
  WorkSystemItem,
  Shift,
  StaffImportJob,
  StaffImportRow,
  PasswordReset,
  TemporaryPassword,
  LoginName,
  CompanyClosure,
  MailNotice,
  MailOutbox,
  PlatformMail,
  PayrollLayoutSet,
  WorkStatusDigest,
  ClosingChecklistDigest,
};

type Schemas = typeof schemas;
type EntityOf<S> = S extends Schema<infer A, infer F, infer C> ? Entity<A, F, C, S> : never;
export type Entities = { [K in keyof Schemas]: EntityOf<Schemas[K]> };

/** What the data layer uses of ElectroDB's Service: the entities and transactions across them. */
export interface Db {
  readonly entities: Entities;
  readonly transaction: Service<Entities>['transaction'];
  /** Queries across entities sharing a partition (ElectroDB collections), e.g. `schedule`. */
  readonly collections: Service<Entities>['collections'];
}

let service: Db | undefined;

/**
 * One data layer per cold start, bound to the table and client from the environment.
 *
 * Entities are built on first use, not at import: constructing all twenty ElectroDB entities cost
 * ~25 ms of CPU on every cold start (test/bench/cold-start.ts), while a route touches a handful
 * (the session, its own records, the audit trail). A transaction needs every entity in one Service,
 * so `transaction` builds that Service — from the same entity instances — the first time one runs.
 */
export function db(): Db {
  if (service) return service;
  const config = { table: env().TABLE_NAME, client: dynamo() };
  const built: Partial<Entities> = {};
  const entities = {} as Entities;
  for (const name of Object.keys(schemas) as (keyof Schemas)[]) {
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => (built[name] ??= new Entity(schemas[name], config) as never),
    });
  }
  let whole: Service<Entities> | undefined;
  service = {
    entities,
    get transaction() {
      whole ??= new Service({ ...entities }, config);
      return whole.transaction;
    },
    get collections() {
      whole ??= new Service({ ...entities }, config);
      return whole.collections;
    },
  };
  return service;
}
