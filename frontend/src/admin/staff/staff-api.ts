import { api } from '../../lib/api';

/** A staff row as `GET /api/v1/employees[/{id}]` returns it. */
export interface Staff {
  id: string;
  name: string;
  last_name: string;
  first_name: string;
  email: string;
  department_id: string | null;
  department_name: string;
  employment_status_id: string | null;
  employment_status_name: string;
  /** Filled by the calculation engine; null until then. */
  monthly_working_minutes: number | null;
  overtime_minutes: number | null;
  over_legal_limit_minutes: number | null;
}

export interface StaffBody {
  last_name: string;
  first_name: string;
  email: string;
  /** Temporary password; empty on edit means unchanged. */
  password: string;
  department_id: string | null;
  employment_status_id: string | null;
}

const path = (id: string) => `/api/v1/employees/${encodeURIComponent(id)}`;

export const listStaff = () => api.get<Staff[]>('/api/v1/employees');
export const getStaff = (id: string) => api.get<Staff>(path(id));
export const createStaff = (body: StaffBody) => api.post<Staff>('/api/v1/employees', body);
export const updateStaff = (id: string, body: StaffBody) => api.put<Staff>(path(id), body);
export const deleteStaff = (id: string) => api.delete<{ id: string }>(path(id));
