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
}) => ({
  id: m.modificationId,
  created_at: m.createdAt,
  modify_date: m.modifyDate,
  before_punch_in_at: m.beforePunchInAt ?? null,
  after_punch_in_at: m.afterPunchInAt ?? null,
  before_punch_out_at: m.beforePunchOutAt ?? null,
  after_punch_out_at: m.afterPunchOutAt ?? null,
  reason: m.reason ?? '',
});

export type ModificationView = ReturnType<typeof modificationView>;

/** `GET /api/v1/modify_timestamp`: a day's current punches; `id` (and both times) null when nothing was recorded. */
export interface DayPunchView {
  id: string | null;
  date: string;
  punch_in_at: string | null;
  punch_out_at: string | null;
}
