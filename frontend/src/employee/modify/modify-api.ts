import { api } from '../../lib/api';

/** A day's current punches; `id` is null (and both times null) when nothing was recorded. */
export interface DayPunch {
  id: string | null;
  date: string;
  punch_in_at: string | null;
  punch_out_at: string | null;
}

export interface Modification {
  id: string;
  created_at: string;
  modify_date: string;
  before_punch_in_at: string | null;
  after_punch_in_at: string | null;
  before_punch_out_at: string | null;
  after_punch_out_at: string | null;
  reason: string | null;
}

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
}

export const getDayPunch = (year: number, month: number, day: number) => api.get<DayPunch>('/api/v1/modify_timestamp', { year, month, day });

export const createModification = (input: ModificationInput) => api.post<Modification>('/api/v1/modify_timestamps', input);

/** Own corrections, newest first. */
export const listModifications = () => api.get<Modification[]>('/api/v1/modify_timestamps');
