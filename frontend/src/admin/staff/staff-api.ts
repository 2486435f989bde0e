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
  /** 入社日; null = not registered (no automatic paid-leave grants). */
  hire_date: string | null;
  /** 所定労働 for the proportional grant; null = full time. */
  working_pattern: WorkingPattern | null;
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
  hire_date: string | null;
  working_pattern: WorkingPattern | null;
}

export interface WorkingPattern {
  basis: 'week' | 'year';
  days_per_week: number | null;
  days_per_year: number | null;
  weekly_hours: number;
}

const path = (id: string) => `/api/v1/employees/${encodeURIComponent(id)}`;

export const listStaff = () => api.get<Staff[]>('/api/v1/employees');
export const getStaff = (id: string) => api.get<Staff>(path(id));
export const createStaff = (body: StaffBody) => api.post<Staff>('/api/v1/employees', body);
export const updateStaff = (id: string, body: StaffBody) => api.put<Staff>(path(id), body);
export const deleteStaff = (id: string) => api.delete<{ id: string }>(path(id));
