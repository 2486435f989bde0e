import type {
  CorrectionAnswer,
  DayPunchView,
  ModificationView,
} from '../../../../functions/api/modify-timestamps/modification-view';
import type { RequestView } from '../../../../functions/api/request-routes';
import { api } from '../../lib/api';

/** A day's current punches and a correction record: the backend's own types. */
export type DayPunch = DayPunchView;
export type Modification = ModificationView;

export interface ModificationInput {
  year: number;
  month: number;
  day: number;
  /** `HH:MM` company-local, or null to leave that punch as it is. */
  punch_in_at: string | null;
  punch_out_at: string | null;
  /** The clock-out is on the day after (a night shift). */
  punch_out_next_day: boolean;
  reason: string;
  /**
   * The day's breaks after the correction (ISO instants, both ends required by the server); left out
   * = the breaks stay as they are, [] = none. A time not typed is left out so the server names it.
   */
  breaks?: { start_at?: string; end_at?: string }[];
}

export const getDayPunch = (year: number, month: number, day: number) =>
  api.get<DayPunch>('/api/v1/modify_timestamp', { year, month, day });

/** The applied correction, or with 打刻修正の承認 on, `{ request }`: filed and waiting (申請中). */
export const createModification = (input: ModificationInput) =>
  api.post<CorrectionAnswer>('/api/v1/modify_timestamps', input);

/** Own correction requests (打刻修正の承認), newest date first. */
export const listCorrectionRequests = () => api.get<RequestView[]>('/api/v1/correction_requests');

/** Withdraw a correction request while it waits. */
export const withdrawCorrectionRequest = (id: string) =>
  api.delete<{ id: string }>(`/api/v1/correction_requests/${encodeURIComponent(id)}`);

/** Own corrections, newest first. */
export const listModifications = () => api.get<Modification[]>('/api/v1/modify_timestamps');
