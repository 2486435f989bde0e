import type { RequestView } from '../request-routes.js';
/** History row of spec §3 ("modification record"); the SPA imports the type. */
export const modificationView = (m: {
  modificationId: string;
  createdAt: string;
  modifyDate: string;
  beforePunchInAt?: string | undefined;
  afterPunchInAt?: string | undefined;
  beforePunchOutAt?: string | undefined;
  afterPunchOutAt?: string | undefined;
  reason?: string | undefined;
  beforeBreaks?: readonly { startAt: string; endAt?: string | undefined }[] | undefined;
  afterBreaks?: readonly { startAt: string; endAt?: string | undefined }[] | undefined;
}) => ({
  id: m.modificationId,
  created_at: m.createdAt,
  modify_date: m.modifyDate,
  before_punch_in_at: m.beforePunchInAt ?? null,
  after_punch_in_at: m.afterPunchInAt ?? null,
  before_punch_out_at: m.beforePunchOutAt ?? null,
  after_punch_out_at: m.afterPunchOutAt ?? null,
  reason: m.reason ?? '',
  /** The day's breaks before and after; both null when the correction left the breaks as they were. */
  before_breaks: m.afterBreaks ? breaksView(m.beforeBreaks ?? []) : null,
  after_breaks: m.afterBreaks ? breaksView(m.afterBreaks) : null,
});

/** Breaks as the API names them; end_at null on a break with no 休憩終了. */
export const breaksView = (breaks: readonly { startAt: string; endAt?: string | null | undefined }[]) =>
  breaks.map((b) => ({ start_at: b.startAt, end_at: b.endAt ?? null }));

export type ModificationView = ReturnType<typeof modificationView>;

/**
 * `POST /api/v1/modify_timestamps`: the applied correction's history row, or, with 打刻修正の承認 on,
 * `{ request }`: the correction request filed (申請中), applied only once an admin approves it.
 */
export type CorrectionAnswer = ModificationView | { request: RequestView };

/** `GET /api/v1/modify_timestamp`: a day's current punches; `id` (and both times) null when nothing was recorded. */
export interface DayPunchView {
  id: string | null;
  date: string;
  punch_in_at: string | null;
  punch_out_at: string | null;
  /** The day's breaks as punched (or last corrected), in order; end_at null when 休憩終了 is missing. */
  breaks: { start_at: string; end_at: string | null }[];
  /** A correction recorded the breaks: an empty list then means no break was taken (issue 29). */
  breaks_recorded: boolean;
  /** 打刻修正の承認: true when a correction is filed as a request for an admin to approve. */
  approval_required: boolean;
}
