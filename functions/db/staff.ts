/**
 * Staff profiles (Employee items) of a company. Retired staff keep their item and their attendance
 * (records must be kept five years); they just leave the active list.
 */
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
}

export interface StaffFields {
  lastName: string;
  firstName: string;
  email: string;
  departmentId: string | null;
  employmentStatusId: string | null;
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
export async function activeStaffMember(companyId: string, employeeId: string, service: Db = db()): Promise<StaffMember> {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go();
  if (!data || data.status !== 'active') throw new NotFoundError();
  return data;
}

/** Conditional create: an id can never overwrite another profile. */
export async function insertStaff(companyId: string, employeeId: string, userSub: string, f: StaffFields, service: Db = db()) {
  await service.entities.Employee.create({
    companyId,
    employeeId,
    userSub,
    lastName: f.lastName,
    firstName: f.firstName,
    email: f.email,
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(f.employmentStatusId ? { employmentStatusId: f.employmentStatusId } : {}),
    status: 'active',
  }).go({ response: 'none' });
}

/** Update the editable fields of an active staff member (conditional on still being active). */
export async function patchStaff(companyId: string, employeeId: string, f: StaffFields, service: Db = db()) {
  const cleared = [...(f.departmentId ? [] : ['departmentId' as const]), ...(f.employmentStatusId ? [] : ['employmentStatusId' as const])];
  let patch = service.entities.Employee.patch({ companyId, employeeId }).set({
    lastName: f.lastName,
    firstName: f.firstName,
    email: f.email,
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(f.employmentStatusId ? { employmentStatusId: f.employmentStatusId } : {}),
  });
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
