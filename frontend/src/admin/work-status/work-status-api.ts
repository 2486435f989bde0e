import { api } from '../../lib/api';

/** Spec §3 work status summary; the time figures are minutes, null until the calculation engine fills them. */
export interface WorkStatus {
  count_employees: number;
  total_working_time: number | null;
  average_working_time: number | null;
  total_over_working_time: number | null;
  average_over_working_time: number | null;
  total_unpaid_working_time: number | null;
  average_unpaid_working_time: number | null;
}

export const getWorkStatus = () => api.get<WorkStatus>('/api/v1/work_status');
