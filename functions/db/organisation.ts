/**
 * Departments and employment statuses of a company: named access patterns, each one Query or
 * GetItem inside the company's partition. Failed conditions become domain errors.
 */
import { createHash } from 'node:crypto';
import { nameKey } from '../domain/name-key.js';
import { ConflictError, NotFoundError, ValidationError, awsErrorName } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { MESSAGES } from '../shared/messages.js';
import { CONTENTION, backOff, conflictOrNull } from './contention.js';
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
const nameGuard = (kind: OrgKind, companyId: string, name: string) => ({
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

/** A new unit is counted from the start: no active staff (see `usageChanges`). */
const UNUSED = { activeStaff: 0, staffCounted: true, staffSeq: 0 };

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
          ? Department.create({ companyId, departmentId: id, name, ...UNUSED }).commit()
          : EmploymentStatus.create({ companyId, employmentStatusId: id, name, ...UNUSED }).commit(),
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

/**
 * In-use check of a department / employment status without reading the staff (issue 19): each unit
 * item counts its active staff (`activeStaff`). Every staff write that adds, moves or retires an
 * active member changes the counts in the SAME transaction as the profile (db/staff.ts), with the
 * profile conditioned on the department / status / status-flag it had when read, so the deltas are
 * exact; a +1 is a patch, conditioned on the unit still existing. A delete is conditioned on the count
 * being 0. So an assignment racing a delete can only end one of two ways: the assignment commits first
 * (the count is 1, the delete's condition fails: 409) or the delete commits first (the assignment's
 * +1 finds no unit, its transaction is cancelled and nothing is written: 400 unknown department).
 *
 * Why not a sparse GSI keyed by department: index reads are eventually consistent and cannot sit in a
 * transaction, so an assignment committed a moment before the delete could be missed. The counter is
 * read and written on the item the delete removes.
 *
 * Units created before the counter carry no `staffCounted`: staff writes still move their count (it
 * means nothing yet) and bump `staffSeq`; functions/jobs/migrate.ts counts them once
 * (backfillOrgUnitCounts). Until then their delete reads the company's active staff (the old, unbounded
 * check) and is conditioned on `staffSeq` unchanged since before that read.
 */
export interface OrgAssignment {
  active: boolean;
  departmentId?: string | null | undefined;
  employmentStatusId?: string | null | undefined;
}

/** The entities a transaction's callback is given. */
export type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

export interface UsageChange {
  kind: OrgKind;
  id: string;
  delta: 1 | -1;
}

/** The count changes a staff write from `before` (null: a new member) to `after` makes. */
export function usageChanges(before: OrgAssignment | null, after: OrgAssignment): UsageChange[] {
  const changes: UsageChange[] = [];
  for (const kind of ['department', 'employmentStatus'] as const) {
    const field = kind === 'department' ? 'departmentId' : 'employmentStatusId';
    const was = before?.active ? before[field] || null : null;
    const is = after.active ? after[field] || null : null;
    if (was === is) continue;
    if (was) changes.push({ kind, id: was, delta: -1 });
    if (is) changes.push({ kind, id: is, delta: 1 });
  }
  return changes;
}

/** The transaction item of one count change (a patch: the unit must exist). */
export function usageCommit(
  { Department, EmploymentStatus }: Pick<TransactionEntities, 'Department' | 'EmploymentStatus'>,
  companyId: string,
  { kind, id, delta }: UsageChange,
) {
  const counts = { activeStaff: delta, staffSeq: 1 };
  return kind === 'department'
    ? Department.patch({ companyId, departmentId: id }).add(counts).commit()
    : EmploymentStatus.patch({ companyId, employmentStatusId: id }).add(counts).commit();
}

/** The unit as the delete sees it: name, count, whether counted, sequence. Strongly consistent. */
async function unitUsage(kind: OrgKind, companyId: string, id: string, service: Db) {
  const { Department, EmploymentStatus } = service.entities;
  const { data } =
    kind === 'department'
      ? await Department.get({ companyId, departmentId: id }).go({ consistent: true })
      : await EmploymentStatus.get({ companyId, employmentStatusId: id }).go({ consistent: true });
  return data
    ? {
        name: data.name,
        activeStaff: data.activeStaff ?? 0,
        counted: data.staffCounted === true,
        staffSeq: data.staffSeq,
      }
    : null;
}

/**
 * Active staff of the company who use this department or status: a filtered Query of every member.
 * Only for units not yet counted (see above) and for the backfill; strongly consistent.
 */
async function usedByActiveStaff(kind: OrgKind, companyId: string, id: string, service: Db): Promise<boolean> {
  const { data } = await service.entities.Employee.query
    .byCompany({ companyId })
    .where(
      (a, { eq }) =>
        `${eq(a.status, 'active')} AND ${eq(kind === 'department' ? a.departmentId : a.employmentStatusId, id)}`,
    )
    .go({ pages: 'all', attributes: ['employeeId'], consistent: true });
  return data.length > 0;
}

/**
 * Delete, refused while active staff still use it (retired staff keep the id; their records stay
 * readable without the name): GetItem, then one transaction conditioned on the count being 0 (see
 * above). The row goes on condition it still has the name read; its name's unique item goes with it.
 */
export async function deleteOrgUnit(
  kind: OrgKind,
  companyId: string,
  id: string,
  service: Db = db(),
): Promise<{ id: string }> {
  const inUse = () =>
    new ConflictError(kind === 'department' ? MESSAGES.departmentInUse : MESSAGES.employmentStatusInUse);
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const current = await unitUsage(kind, companyId, id, service);
    if (!current) throw new NotFoundError();
    if (current.counted ? current.activeStaff > 0 : await usedByActiveStaff(kind, companyId, id, service)) {
      throw inUse();
    }
    const release = await holdsGuard(kind, companyId, id, current.name, service);
    const seq = current.staffSeq;
    const result = await service.transaction
      .write(({ Department, EmploymentStatus, UniqueValue }) => [
        kind === 'department'
          ? Department.remove({ companyId, departmentId: id })
              .where((a, { eq, notExists }) =>
                current.counted
                  ? `${eq(a.name, current.name)} AND ${eq(a.staffCounted, true)} AND ${eq(a.activeStaff, 0)}`
                  : `${eq(a.name, current.name)} AND ${seq === undefined ? notExists(a.staffSeq) : eq(a.staffSeq, seq)}`,
              )
              .commit()
          : EmploymentStatus.remove({ companyId, employmentStatusId: id })
              .where((a, { eq, notExists }) =>
                current.counted
                  ? `${eq(a.name, current.name)} AND ${eq(a.staffCounted, true)} AND ${eq(a.activeStaff, 0)}`
                  : `${eq(a.name, current.name)} AND ${seq === undefined ? notExists(a.staffSeq) : eq(a.staffSeq, seq)}`,
              )
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
    // Renamed, deleted, or its staff changed in between: read again (a deleted one is then a 404,
    // one now in use a 409).
  }
  throw new ConflictError();
}

/**
 * Counts the active staff of every department and status of a company not counted yet (units created
 * before the counter): for the one-off migration (functions/jobs/migrate.ts). Reads the
 * units (their `staffSeq`), then every member (strongly consistent), then sets each uncounted unit's
 * count on condition its `staffSeq` is still the one read: a staff write in between (which moves the
 * count and bumps the sequence in its own transaction) fails the condition and the company is counted
 * again. Idempotent: counted units are left alone. Returns how many units were counted.
 */
export async function backfillOrgUnitCounts(companyId: string, service: Db = db()): Promise<number> {
  const { Department, EmploymentStatus, Employee } = service.entities;
  let counted = 0;
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const [departments, statuses] = await Promise.all([
      Department.query.byCompany({ companyId }).go({ pages: 'all', consistent: true }),
      EmploymentStatus.query.byCompany({ companyId }).go({ pages: 'all', consistent: true }),
    ]);
    const units = [
      ...departments.data.map((d) => ({ kind: 'department' as const, id: d.departmentId, ...d })),
      ...statuses.data.map((s) => ({ kind: 'employmentStatus' as const, id: s.employmentStatusId, ...s })),
    ].filter((u) => u.staffCounted !== true);
    if (!units.length) return counted;
    const { data: staff } = await Employee.query
      .byCompany({ companyId })
      .go({ pages: 'all', consistent: true, attributes: ['status', 'departmentId', 'employmentStatusId'] });
    const uses = new Map<string, number>();
    for (const m of staff.filter((x) => x.status === 'active')) {
      for (const key of [`department:${m.departmentId}`, `employmentStatus:${m.employmentStatusId}`])
        uses.set(key, (uses.get(key) ?? 0) + 1);
    }
    let raced = false;
    for (const u of units) {
      const set = { activeStaff: uses.get(`${u.kind}:${u.id}`) ?? 0, staffCounted: true };
      const write =
        u.kind === 'department'
          ? Department.patch({ companyId, departmentId: u.id })
              .set(set)
              .where((a, { eq, notExists }) =>
                u.staffSeq === undefined ? notExists(a.staffSeq) : eq(a.staffSeq, u.staffSeq),
              )
          : EmploymentStatus.patch({ companyId, employmentStatusId: u.id })
              .set(set)
              .where((a, { eq, notExists }) =>
                u.staffSeq === undefined ? notExists(a.staffSeq) : eq(a.staffSeq, u.staffSeq),
              );
      const ok = await write
        .go({ response: 'none' })
        .then(() => true)
        .catch((error: unknown) => {
          // Deleted or written in between: counted again on the next pass.
          if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
          throw error;
        });
      if (ok) counted++;
      else raced = true;
    }
    if (!raced) return counted;
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
