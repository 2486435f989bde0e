/** History row of spec §3 ("modification record"). */
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
