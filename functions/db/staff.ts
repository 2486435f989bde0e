/**
 * Staff profiles (Employee items) of a company. Retired staff keep their item and their attendance
 * (records must be kept five years); they just leave the active list.
 */
import type { WorkingPattern } from '../domain/paid-leave/index.js';
import { NotFoundError, awsErrorName } from '../shared/errors.js';
import { db, type Db } from './service.js';

export interface StaffMember {
  employeeId: string;
  lastName: string;
  firstName: string;
  email: string;
  userSub?: string | undefined;
  departmentId?: string | undefined;
  employmentStatusId?: string | undefined;
  status: 'active' | 'retired';
  /** Paid leave: hire date and scheduled working pattern (absent for staff registered without them). */
  hireDate?: string | undefined;
  patternBasis?: 'week' | 'year' | undefined;
  daysPerWeek?: number | undefined;
  daysPerYear?: number | undefined;
  weeklyHours?: number | undefined;
}

export interface StaffFields {
  lastName: string;
  firstName: string;
  email: string;
  departmentId: string | null;
  employmentStatusId: string | null;
  /** Paid leave (optional): null clears, undefined leaves the stored value alone. */
  hireDate?: string | null | undefined;
  pattern?: WorkingPattern | null | undefined;
}

const PATTERN_ATTRIBUTES = ['patternBasis', 'daysPerWeek', 'daysPerYear', 'weeklyHours'] as const;

/** The Employee attributes of a working pattern (the other basis' day count is removed). */
function patternAttributes(p: WorkingPattern) {
  return p.basis === 'week'
    ? {
        set: { patternBasis: 'week' as const, daysPerWeek: p.daysPerWeek, weeklyHours: p.weeklyHours },
        remove: ['daysPerYear' as const],
      }
    : {
        set: { patternBasis: 'year' as const, daysPerYear: p.daysPerYear, weeklyHours: p.weeklyHours },
        remove: ['daysPerWeek' as const],
      };
}

/** The attributes a staff form gives a value: names and e-mail, and whichever optional fields are filled. */
function givenAttributes(f: StaffFields) {
  return {
    lastName: f.lastName,
    firstName: f.firstName,
    email: f.email,
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(f.employmentStatusId ? { employmentStatusId: f.employmentStatusId } : {}),
    ...(f.hireDate ? { hireDate: f.hireDate } : {}),
    ...(f.pattern ? patternAttributes(f.pattern).set : {}),
  };
}

const notFoundOnCondition = (error: unknown): never => {
  if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new NotFoundError();
  throw error;
};

/** The active staff of a company: one Query, retired staff filtered out. */
export async function activeStaff(companyId: string, service: Db = db()): Promise<StaffMember[]> {
  const { data } = await service.entities.Employee.query
    .byCompany({ companyId })
    .where((a, { eq }) => eq(a.status, 'active'))
    .go({ pages: 'all' });
  return data;
}

/** One active staff member of the company (GetItem); retired or foreign ids are a 404. */
export async function activeStaffMember(
  companyId: string,
  employeeId: string,
  service: Db = db(),
): Promise<StaffMember> {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go();
  if (!data || data.status !== 'active') throw new NotFoundError();
  return data;
}

/** Conditional create: an id can never overwrite another profile. */
export async function insertStaff(
  companyId: string,
  employeeId: string,
  userSub: string,
  f: StaffFields,
  service: Db = db(),
) {
  await service.entities.Employee.create({
    companyId,
    employeeId,
    userSub,
    ...givenAttributes(f),
    status: 'active',
  }).go({ response: 'none' });
}

/** Update the editable fields of an active staff member (conditional on still being active). */
export async function patchStaff(companyId: string, employeeId: string, f: StaffFields, service: Db = db()) {
  const cleared = [
    ...(f.departmentId ? [] : ['departmentId' as const]),
    ...(f.employmentStatusId ? [] : ['employmentStatusId' as const]),
    ...(f.hireDate === null ? ['hireDate' as const] : []),
    ...(f.pattern === null ? PATTERN_ATTRIBUTES : f.pattern ? patternAttributes(f.pattern).remove : []),
  ];
  let patch = service.entities.Employee.patch({ companyId, employeeId }).set(givenAttributes(f));
  // An unchosen department or status is removed, not stored as an empty string.
  if (cleared.length) patch = patch.remove(cleared);
  await patch
    .where((a, { eq }) => eq(a.status, 'active'))
    .go({ response: 'none' })
    .catch(notFoundOnCondition);
}

/** Mark retired (conditional on active): the item and the attendance stay. */
export async function markRetired(companyId: string, employeeId: string, service: Db = db()) {
  await service.entities.Employee.patch({ companyId, employeeId })
    .set({ status: 'retired' })
    .where((a, { eq }) => eq(a.status, 'active'))
    .go({ response: 'none' })
    .catch(notFoundOnCondition);
}

/** One employee profile of the company (GetItem), active or retired, or null. */
export async function findEmployee(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go();
  return data;
}

/** An employee's own phone number (UpdateItem; the employee settings screen). */
export async function setEmployeeCell(
  companyId: string,
  employeeId: string,
  cell: string,
  service: Db = db(),
): Promise<void> {
  await service.entities.Employee.patch({ companyId, employeeId }).set({ cell }).go({ response: 'none' });
}

/** Every staff profile of the company, retired included (one Query): exports keep five years of records. */
export async function allStaff(companyId: string, service: Db = db()) {
  const { data } = await service.entities.Employee.query.byCompany({ companyId }).go({ pages: 'all' });
  return data;
}

/**
 * One page of the active staff, by employee id (the shift grid): one Query from after `after`
 * (exclusive) until `limit` matching staff are found, optionally of one department. `next` is the
 * last id of the page when more may follow, else null.
 */
export async function activeStaffPage(
  companyId: string,
  options: {
    limit: number;
    after?: string | undefined;
    departmentId?: string | undefined;
    employmentStatusId?: string | undefined;
  },
  service: Db = db(),
): Promise<{ staff: StaffMember[]; next: string | null }> {
  // A range of the employee items only (ids are [0-9a-z_-]: after+'!' is just past `after`, '~' past all).
  const { data, cursor } = await service.entities.Employee.query
    .byCompany({ companyId })
    .between({ employeeId: options.after ? `${options.after}!` : '' }, { employeeId: '~' })
    .where((a, { eq }) =>
      [
        eq(a.status, 'active'),
        ...(options.departmentId ? [eq(a.departmentId, options.departmentId)] : []),
        ...(options.employmentStatusId ? [eq(a.employmentStatusId, options.employmentStatusId)] : []),
      ].join(' AND '),
    )
    .go({ count: options.limit });
  return { staff: data, next: cursor && data.length ? data[data.length - 1]!.employeeId : null };
}

/** Named staff members of the company (BatchGetItem, 100 keys a call); unknown ids are left out. */
export async function staffByIds(
  companyId: string,
  employeeIds: readonly string[],
  service: Db = db(),
): Promise<StaffMember[]> {
  const out: StaffMember[] = [];
  for (let i = 0; i < employeeIds.length; i += 100) {
    const keys = employeeIds.slice(i, i + 100).map((employeeId) => ({ companyId, employeeId }));
    if (!keys.length) continue;
    const { data, unprocessed } = await service.entities.Employee.get(keys).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} staff keys left unprocessed`);
    out.push(...data);
  }
  return out;
}
