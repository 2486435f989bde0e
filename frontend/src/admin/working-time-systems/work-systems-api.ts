import type { WorkSystemBody } from '../../../../functions/api/working-time-systems/schemas';
import type { WorkSystemView } from '../../../../functions/api/working-time-systems/system-routes';
import type { checkWorkSystemPlan } from '../../../../functions/services/work-system-check';
import { api } from '../../lib/api';
import type { RecomputeJob } from '../rules/rules-api';

/** What the working-time system routes answer and take: the backend's own types. */
export type { WorkSystemBody, WorkSystemView as WorkSystemVersion };

type WithRecompute<T> = T & { recompute: RecomputeJob | null };

const PATH = '/api/v1/working_time_systems';

export const listWorkSystems = () => api.get<WorkSystemView[]>(PATH);
export const saveWorkSystem = (body: WorkSystemBody) => api.put<WithRecompute<WorkSystemView>>(PATH, body);
/** The version's key in the path: scope / status ('-' = company-wide or none) / employee ('-') / date. */
export const deleteWorkSystem = (v: WorkSystemView) =>
  api.delete<WithRecompute<WorkSystemView>>(
    `${PATH}/${v.scope}/${encodeURIComponent(v.employment_status_id ?? '-')}/${encodeURIComponent(
      v.employee_id ?? '-',
    )}/${v.effective_from}`,
  );

/** The plan checks of the 変形期間 holding `date` for the employee. */
export type WorkSystemCheck = Awaited<ReturnType<typeof checkWorkSystemPlan>>;
export const checkWorkSystem = (employeeId: string, date: string) =>
  api.get<WorkSystemCheck>(
    `${PATH}/check?employee_id=${encodeURIComponent(employeeId)}&date=${encodeURIComponent(date)}`,
  );
