import { findOrgUnit } from '../db/organisation.js';
import { findEmployee } from '../db/staff.js';
import { NotFoundError } from '../shared/errors.js';

/** An employee with department and employment-status names (three GetItems in parallel). */
export async function employeeProfile(companyId: string, employeeId: string) {
  const e = await findEmployee(companyId, employeeId);
  if (!e) throw new NotFoundError();
  const [dept, status] = await Promise.all([
    e.departmentId ? findOrgUnit('department', companyId, e.departmentId) : null,
    e.employmentStatusId ? findOrgUnit('employmentStatus', companyId, e.employmentStatusId) : null,
  ]);
  return {
    id: e.employeeId,
    name: `${e.lastName} ${e.firstName}`,
    last_name: e.lastName,
    first_name: e.firstName,
    email: e.email,
    cell: e.cell ?? '',
    birthday: e.birthday ?? null,
    department_id: e.departmentId ?? null,
    department_name: dept?.name ?? '',
    employment_status_id: e.employmentStatusId ?? null,
    employment_status_name: status?.name ?? '',
  };
}
