import type { StaffView } from '../../../../functions/services/staff-service';
import { api } from '../../lib/api';
import type { RecomputeJob } from '../rules/rules-api';

/** A staff row as `GET /api/v1/employees[/{id}]` returns it: the backend's own type. */
export type Staff = StaffView;

/** 所定労働 for the proportional grant, as the staff row gives it and the form sends it back. */
type WorkingPattern = NonNullable<StaffView['working_pattern']>;

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
  /** 社員番号, フリガナ and 退職日 (issue 18); null clears. */
  employee_number: string | null;
  name_kana: string | null;
  leave_date: string | null;
  /** 記録開始前の有給取得日数 (issue 29 item 8); null = not stated. */
  leave_taken_before_records: number | null;
}

const path = (id: string) => `/api/v1/employees/${encodeURIComponent(id)}`;

/** One page (≤ 100) of the staff list in 五十音 order; `nextCursor` on the answer opens the next. */
export const listStaffPage = (cursor?: string | null) =>
  api.get<Staff[]>('/api/v1/employees', cursor ? { cursor } : undefined);

/**
 * The active staff a typed text finds (the staff picker): フリガナ or 氏名 prefix, 社員番号 or e-mail exact, at
 * most `limit`, in one bounded request (no next page: typing more narrows it).
 */
export const searchStaff = (q: string, limit: number) => api.get<Staff[]>('/api/v1/employees', { q, limit });
export const getStaff = (id: string) => api.get<Staff>(path(id));
export const createStaff = (body: StaffBody) => api.post<Staff>('/api/v1/employees', body);
/**
 * An edit: `assignment_from` is the first day a new department / status applies (blank = today); the
 * answer's `recompute` is the background job refreshing the member's stored figures from that day.
 */
export const updateStaff = (id: string, body: StaffBody & { assignment_from?: string | null }) =>
  api.put<Staff & { recompute: RecomputeJob | null }>(path(id), body);
export const deleteStaff = (id: string) => api.delete<{ id: string }>(path(id));
