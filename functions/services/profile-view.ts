import { db } from '../db/service.js';
import { NotFoundError } from '../shared/errors.js';

/** An employee with department and employment-status names (three GetItems in parallel). */
export async function employeeProfile(companyId: string, employeeId: string) {
  const { entities } = db();
  const { data: e } = await entities.Employee.get({ companyId, employeeId }).go();
  if (!e) throw new NotFoundError();
  const [dept, status] = await Promise.all([
    e.departmentId ? entities.Department.get({ companyId, departmentId: e.departmentId }).go() : null,
    e.employmentStatusId ? entities.EmploymentStatus.get({ companyId, employmentStatusId: e.employmentStatusId }).go() : null,
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
    department_name: dept?.data?.name ?? '',
    employment_status_id: e.employmentStatusId ?? null,
    employment_status_name: status?.data?.name ?? '',
  };
}
