/**
 * Departments and employment statuses of a company: named access patterns, each one Query or
 * GetItem inside the company's partition. Failed conditions become domain errors.
 */
import { ConflictError, NotFoundError, ValidationError, awsErrorName } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { MESSAGES } from '../shared/messages.js';
import { db, type Db } from './service.js';

export interface OrgUnit {
  id: string;
  name: string;
}

export type OrgKind = 'department' | 'employmentStatus';

const notFoundOnCondition = (error: unknown): never => {
  if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new NotFoundError();
  throw error;
};

const byName = (a: OrgUnit, b: OrgUnit) => a.name.localeCompare(b.name, 'ja');

/** A company's departments or employment statuses, by name: one Query. */
export async function listOrgUnits(kind: OrgKind, companyId: string, service: Db = db()): Promise<OrgUnit[]> {
  const { Department, EmploymentStatus } = service.entities;
  if (kind === 'department') {
    const { data } = await Department.query.byCompany({ companyId }).go({ pages: 'all' });
    return data.map((d) => ({ id: d.departmentId, name: d.name })).sort(byName);
  }
  const { data } = await EmploymentStatus.query.byCompany({ companyId }).go({ pages: 'all' });
  return data.map((s) => ({ id: s.employmentStatusId, name: s.name })).sort(byName);
}

/** One of them by id inside the company (GetItem), or null. */
export async function findOrgUnit(
  kind: OrgKind,
  companyId: string,
  id: string,
  service: Db = db(),
): Promise<OrgUnit | null> {
  const { Department, EmploymentStatus } = service.entities;
  if (kind === 'department') {
    const { data } = await Department.get({ companyId, departmentId: id }).go();
    return data ? { id: data.departmentId, name: data.name } : null;
  }
  const { data } = await EmploymentStatus.get({ companyId, employmentStatusId: id }).go();
  return data ? { id: data.employmentStatusId, name: data.name } : null;
}

export async function getOrgUnit(kind: OrgKind, companyId: string, id: string, service: Db = db()): Promise<OrgUnit> {
  const unit = await findOrgUnit(kind, companyId, id, service);
  if (!unit) throw new NotFoundError();
  return unit;
}

export async function createOrgUnit(
  kind: OrgKind,
  companyId: string,
  name: string,
  service: Db = db(),
): Promise<OrgUnit> {
  const { Department, EmploymentStatus } = service.entities;
  const id = newId();
  if (kind === 'department') await Department.create({ companyId, departmentId: id, name }).go({ response: 'none' });
  else await EmploymentStatus.create({ companyId, employmentStatusId: id, name }).go({ response: 'none' });
  return { id, name };
}

/** Rename: a conditional write on the item existing in this company, so a foreign id is a 404. */
export async function renameOrgUnit(
  kind: OrgKind,
  companyId: string,
  id: string,
  name: string,
  service: Db = db(),
): Promise<OrgUnit> {
  const { Department, EmploymentStatus } = service.entities;
  const write =
    kind === 'department'
      ? Department.patch({ companyId, departmentId: id }).set({ name }).go({ response: 'none' })
      : EmploymentStatus.patch({ companyId, employmentStatusId: id }).set({ name }).go({ response: 'none' });
  await write.catch(notFoundOnCondition);
  return { id, name };
}

/** Active staff of the company who use this department or status: one Query (filtered). */
async function usedByActiveStaff(kind: OrgKind, companyId: string, id: string, service: Db): Promise<boolean> {
  const { data } = await service.entities.Employee.query
    .byCompany({ companyId })
    .where(
      (a, { eq }) =>
        `${eq(a.status, 'active')} AND ${eq(kind === 'department' ? a.departmentId : a.employmentStatusId, id)}`,
    )
    .go({ pages: 'all', attributes: ['employeeId'] });
  return data.length > 0;
}

/**
 * Delete, refused while active staff still use it (retired staff keep the id; their records stay
 * readable without the name). The delete is conditional on the item existing here.
 */
export async function deleteOrgUnit(
  kind: OrgKind,
  companyId: string,
  id: string,
  service: Db = db(),
): Promise<{ id: string }> {
  await getOrgUnit(kind, companyId, id, service);
  if (await usedByActiveStaff(kind, companyId, id, service)) {
    throw new ConflictError(kind === 'department' ? MESSAGES.departmentInUse : MESSAGES.employmentStatusInUse);
  }
  const { Department, EmploymentStatus } = service.entities;
  const write =
    kind === 'department'
      ? Department.remove({ companyId, departmentId: id }).go({ response: 'none' })
      : EmploymentStatus.remove({ companyId, employmentStatusId: id }).go({ response: 'none' });
  await write.catch(notFoundOnCondition);
  return { id };
}

/**
 * Department and status ids named in a request body must exist in the caller's company; anything
 * else (another company's id included) is invalid input: 400 with the form's message, nothing written.
 */
export async function assertOrgRefs(
  companyId: string,
  refs: { departmentId: string | null; employmentStatusId: string | null },
  invalidMessage: string,
  service: Db = db(),
): Promise<{ department: OrgUnit | null; employmentStatus: OrgUnit | null }> {
  const [department, employmentStatus] = await Promise.all([
    refs.departmentId ? findOrgUnit('department', companyId, refs.departmentId, service) : null,
    refs.employmentStatusId ? findOrgUnit('employmentStatus', companyId, refs.employmentStatusId, service) : null,
  ]);
  const errors: Record<string, string[]> = {};
  if (refs.departmentId && !department) errors.department_id = [MESSAGES.unknownDepartment];
  if (refs.employmentStatusId && !employmentStatus) errors.employment_status_id = [MESSAGES.unknownEmploymentStatus];
  if (Object.keys(errors).length) throw new ValidationError(invalidMessage, errors);
  return { department, employmentStatus };
}
