/**
 * Departments and employment statuses of a company: named access patterns, each one Query or
 * GetItem inside the company's partition. Failed conditions become domain errors.
 */
import { createHash } from 'node:crypto';
import { nameKey } from '../domain/name-key.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { MESSAGES } from '../shared/messages.js';
import { CONTENTION, backOff, isTransactionConflict } from './contention.js';
import { db, type Db } from './service.js';

export interface OrgUnit {
  id: string;
  name: string;
}

export type OrgKind = 'department' | 'employmentStatus';

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
  consistent = false,
): Promise<OrgUnit | null> {
  const { Department, EmploymentStatus } = service.entities;
  if (kind === 'department') {
    const { data } = await Department.get({ companyId, departmentId: id }).go({ consistent });
    return data ? { id: data.departmentId, name: data.name } : null;
  }
  const { data } = await EmploymentStatus.get({ companyId, employmentStatusId: id }).go({ consistent });
  return data ? { id: data.employmentStatusId, name: data.name } : null;
}

export async function getOrgUnit(kind: OrgKind, companyId: string, id: string, service: Db = db()): Promise<OrgUnit> {
  const unit = await findOrgUnit(kind, companyId, id, service);
  if (!unit) throw new NotFoundError();
  return unit;
}

/**
 * The unique item that holds a name in a company, one partition per kind. The value is a hash of the
 * normalised name (nameKey): NFKC can expand a 50-character name past DynamoDB's sort-key size.
 */
export const nameGuard = (kind: OrgKind, companyId: string, name: string) => ({
  partition: `c#${companyId}#${kind}-names`,
  value: `name#${createHash('sha256').update(nameKey(name)).digest('hex')}`,
});

const nameTaken = (kind: OrgKind) => {
  const message = kind === 'department' ? MESSAGES.departmentNameTaken : MESSAGES.employmentStatusNameTaken;
  return new ConflictError(message, { name: [message] });
};

/**
 * Rows written before names had unique items hold no guard: the list (one Query, a company has tens
 * of these) is checked as well, so a new name can't repeat an old one. Rows with a guard are refused
 * by the transaction itself, atomically; this check only covers the old rows.
 */
async function assertNameFree(kind: OrgKind, companyId: string, name: string, selfId: string | null, service: Db) {
  const key = nameKey(name);
  const units = await listOrgUnits(kind, companyId, service);
  if (units.some((u) => u.id !== selfId && nameKey(u.name) === key)) throw nameTaken(kind);
}

/** Whether this row holds its name's guard (rows from before the guards don't). */
async function holdsGuard(kind: OrgKind, companyId: string, id: string, name: string, service: Db) {
  const { data } = await service.entities.UniqueValue.get(nameGuard(kind, companyId, name)).go({ consistent: true });
  return data?.ownerId === id;
}

const conflictOrNull = (error: unknown) => {
  if (isTransactionConflict(error)) return null;
  throw error;
};

/**
 * Create: the row and its name's unique item in one transaction, so of any number of concurrent
 * creates of one name exactly one is written. A TransactionConflict (racers on the same guard) retries.
 */
export async function createOrgUnit(
  kind: OrgKind,
  companyId: string,
  name: string,
  service: Db = db(),
): Promise<OrgUnit> {
  const id = newId();
  const guard = { ...nameGuard(kind, companyId, name), ownerId: id };
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    await assertNameFree(kind, companyId, name, null, service);
    const result = await service.transaction
      .write(({ Department, EmploymentStatus, UniqueValue }) => [
        UniqueValue.create(guard).commit(),
        kind === 'department'
          ? Department.create({ companyId, departmentId: id, name }).commit()
          : EmploymentStatus.create({ companyId, employmentStatusId: id, name }).commit(),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return { id, name };
    if (result.data[0]?.code === 'ConditionalCheckFailed') throw nameTaken(kind);
  }
  throw new ConflictError();
}

/**
 * Rename: in one transaction, the new name's unique item is taken, the old one released (only if
 * this row holds it) and the row patched on condition it still has the name read, so a concurrent
 * rename makes this one read again. A name with the same key (大文字/小文字 only) keeps its guard.
 */
export async function renameOrgUnit(
  kind: OrgKind,
  companyId: string,
  id: string,
  name: string,
  service: Db = db(),
): Promise<OrgUnit> {
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const current = await findOrgUnit(kind, companyId, id, service, true);
    if (!current) throw new NotFoundError();
    const sameKey = nameKey(current.name) === nameKey(name);
    if (!sameKey) await assertNameFree(kind, companyId, name, id, service);
    const release = !sameKey && (await holdsGuard(kind, companyId, id, current.name, service));
    const result = await service.transaction
      .write(({ Department, EmploymentStatus, UniqueValue }) => [
        ...(sameKey ? [] : [UniqueValue.create({ ...nameGuard(kind, companyId, name), ownerId: id }).commit()]),
        kind === 'department'
          ? Department.patch({ companyId, departmentId: id })
              .set({ name })
              .where((a, { eq }) => eq(a.name, current.name))
              .commit()
          : EmploymentStatus.patch({ companyId, employmentStatusId: id })
              .set({ name })
              .where((a, { eq }) => eq(a.name, current.name))
              .commit(),
        ...(release
          ? [
              UniqueValue.remove(nameGuard(kind, companyId, current.name))
                .where((a, { eq }) => eq(a.ownerId, id))
                .commit(),
            ]
          : []),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return { id, name };
    // The first item is the new name's guard when the key changes: its failed condition means taken.
    const reasons: readonly { code?: string }[] = result.data;
    if (!sameKey && reasons[0]?.code === 'ConditionalCheckFailed') throw nameTaken(kind);
    // The row was renamed or deleted in between (or the guard moved): read again.
  }
  throw new ConflictError();
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
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const current = await findOrgUnit(kind, companyId, id, service, true);
    if (!current) throw new NotFoundError();
    if (await usedByActiveStaff(kind, companyId, id, service)) {
      throw new ConflictError(kind === 'department' ? MESSAGES.departmentInUse : MESSAGES.employmentStatusInUse);
    }
    const release = await holdsGuard(kind, companyId, id, current.name, service);
    // The row goes on condition it still has the name read; its name's unique item goes with it.
    const result = await service.transaction
      .write(({ Department, EmploymentStatus, UniqueValue }) => [
        kind === 'department'
          ? Department.remove({ companyId, departmentId: id })
              .where((a, { eq }) => eq(a.name, current.name))
              .commit()
          : EmploymentStatus.remove({ companyId, employmentStatusId: id })
              .where((a, { eq }) => eq(a.name, current.name))
              .commit(),
        ...(release
          ? [
              UniqueValue.remove(nameGuard(kind, companyId, current.name))
                .where((a, { eq }) => eq(a.ownerId, id))
                .commit(),
            ]
          : []),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return { id };
    // Renamed or deleted in between: read again (a deleted one is then a 404).
  }
  throw new ConflictError();
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
