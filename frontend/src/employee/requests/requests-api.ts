import type { RequestView } from '../../../../functions/api/request-routes';
import { api } from '../../lib/api';
import { t } from '../../i18n';

export type RequestKind = 'holiday' | 'over_work' | 'holiday_work';

/** Display order of the request page (spec §2: leave, overtime, holiday work). */
export const REQUEST_KINDS: readonly RequestKind[] = ['holiday', 'over_work', 'holiday_work'];

/** 0 未承認, 1 承認, 2 却下. */
export type RequestStatus = 0 | 1 | 2;
export const UNAPPROVED: RequestStatus = 0;

/** A leave (holiday), overtime or holiday-work request as the list routes return it: the backend's own type. */
export type RequestRow = RequestView;

export interface NewRequest {
  /** Leave requests only. */
  kind?: number;
  /** 振替休日 (kind 2) only, required there: the day off to be worked, YYYY-MM-DD. */
  work_date?: string;
  /** Leave only: 終日 (default) / 午前半休 / 午後半休 / 時間単位, and the whole hours of 時間単位. */
  unit?: string;
  hours?: number;
  year: number;
  month: number;
  day: number;
  reason: string;
  /** Overtime only: 予定開始・予定終了 ("HH:MM", '' = not given), the end on the next day. */
  planned_start?: string;
  planned_end?: string;
  planned_end_next_day?: boolean;
}

const API_PATH: Record<RequestKind, string> = {
  holiday: '/api/v1/holiday_requests',
  over_work: '/api/v1/over_work_requests',
  holiday_work: '/api/v1/holiday_work_requests',
};

export const NEW_REQUEST_PATH: Record<RequestKind, string> = {
  holiday: '/employees/requests/holiday',
  over_work: '/employees/requests/over_work',
  holiday_work: '/employees/requests/holiday_work',
};

export const requestTitle = (kind: RequestKind) => t.requests.sections[kind];

/** Own requests of one kind, newest date first. */
export const listRequests = (kind: RequestKind) => api.get<RequestRow[]>(API_PATH[kind]);

export const createRequest = (kind: RequestKind, body: NewRequest) => api.post<RequestRow>(API_PATH[kind], body);

/** Withdraw a request; the server refuses once it is approved or rejected. */
export const deleteRequest = (kind: RequestKind, id: string) =>
  api.delete<{ id: string }>(`${API_PATH[kind]}/${encodeURIComponent(id)}`);
