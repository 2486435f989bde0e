/**
 * A staff member's department and employment status over time (issue 29 item 11). A move applies from
 * its date: every computation of a day uses the assignment in force on that day, so moving a member
 * never changes the days before the move — a closed period least of all.
 *
 * Stored on the staff item as `assignments`, versions sorted by `from` (YYYY-MM-DD); the first version's
 * `from` is '' ("since always": the member's first department and status). Items without the history
 * (staff stored before it, or never moved) read as one version: their department and status always.
 * The item's own `departmentId` / `employmentStatusId` hold the latest version (the one a scheduled move
 * goes to): lists, filters and the units' active-staff counts follow it.
 */

export interface AssignmentVersion {
  /** First day the version is in force; '' for the first one (every day before any move). */
  from: string;
  departmentId?: string | null | undefined;
  employmentStatusId?: string | null | undefined;
}

/** What a staff item carries of it (extra fields ignored). */
export interface AssignedStaff {
  departmentId?: string | null | undefined;
  employmentStatusId?: string | null | undefined;
  assignments?: readonly AssignmentVersion[] | null | undefined;
}

export interface Assignment {
  departmentId: string | null;
  employmentStatusId: string | null;
}

const norm = (v: string | null | undefined) => v || null;

const sameUnits = (a: Omit<AssignmentVersion, 'from'>, b: Omit<AssignmentVersion, 'from'>) =>
  norm(a.departmentId) === norm(b.departmentId) && norm(a.employmentStatusId) === norm(b.employmentStatusId);

/** The versions of a member, oldest first; one version "since always" for an item without history. */
export function assignmentHistory(staff: AssignedStaff): AssignmentVersion[] {
  if (!staff.assignments?.length)
    return [{ from: '', departmentId: norm(staff.departmentId), employmentStatusId: norm(staff.employmentStatusId) }];
  return [...staff.assignments].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** The department and status in force on `date` (YYYY-MM-DD); the first version before any. */
export function assignmentOn(staff: AssignedStaff, date: string): Assignment {
  const history = assignmentHistory(staff);
  let current = history[0]!;
  for (const v of history) if (v.from <= date) current = v;
  return { departmentId: norm(current.departmentId), employmentStatusId: norm(current.employmentStatusId) };
}

/** Every department and status the member has on some day `from`–`to` (an export's filters). */
export function assignmentsBetween(staff: AssignedStaff, from: string, to: string): Assignment[] {
  const out = [assignmentOn(staff, from)];
  for (const v of assignmentHistory(staff))
    if (v.from > from && v.from <= to)
      out.push({ departmentId: norm(v.departmentId), employmentStatusId: norm(v.employmentStatusId) });
  return out;
}

/**
 * The history after a move to `to` from `date`: versions from `date` on are replaced (a later move that
 * was scheduled is superseded by this one), and the move is recorded only if it changes the assignment
 * in force the day before. Null when nothing changes.
 */
export function moveFrom(staff: AssignedStaff, date: string, to: Assignment): AssignmentVersion[] | null {
  const history = assignmentHistory(staff);
  const kept = history.filter((v) => v.from < date);
  const before = kept.length ? kept[kept.length - 1]! : null;
  const next: AssignmentVersion[] =
    before === null
      ? // A move dated before every version: it is the member's assignment since always.
        [{ from: '', ...to }]
      : sameUnits(before, to)
        ? kept
        : [...kept, { from: date, ...to }];
  const unchanged =
    next.length === history.length && next.every((v, i) => v.from === history[i]!.from && sameUnits(v, history[i]!));
  return unchanged ? null : next;
}

/** The latest version: what the staff item's own department and status hold. */
export function latestAssignment(history: readonly AssignmentVersion[]): Assignment {
  const last = history[history.length - 1]!;
  return { departmentId: norm(last.departmentId), employmentStatusId: norm(last.employmentStatusId) };
}
