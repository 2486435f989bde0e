import { Service } from 'electrodb';
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

const entities = {
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
};

export type Db = Service<typeof entities>;

let service: Db | undefined;

/** One ElectroDB service per cold start, bound to the table and client from the environment. */
export function db(): Db {
  service ??= new Service(entities, { table: env().TABLE_NAME, client: dynamo() });
  return service;
}
