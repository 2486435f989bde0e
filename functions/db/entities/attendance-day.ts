import { createSchema } from 'electrodb';

/**
 * One employee's attendance on one work date (company-local `YYYY-MM-DD`). Instants are ISO-8601 UTC.
 * A shift that crosses midnight stays on the date it started.
 */
export const AttendanceDay = createSchema({
  model: { entity: 'attendanceDay', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    workDate: { type: 'string', required: true, readOnly: true },
    punchInAt: { type: 'string' },
    punchOutAt: { type: 'string' },
    /**
     * The memo typed at 出勤. Records written before the 退勤 memo had its own attribute hold here the
     * memo of the last press (a 退勤 memo overwrote the 出勤 one); they are shown as the 出勤 memo.
     */
    note: { type: 'string' },
    /** The memo typed at 退勤. */
    punchOutNote: { type: 'string' },
    /** Set when a leave request for this date is approved: 0 有給, 1 代休, 2 振替休日. */
    leaveType: { type: 'number' },
    /**
     * Breaks as punched (休憩開始 / 休憩終了), in order; the last one's endAt is absent while the break
     * is running. Absent or empty = no break punched (the pattern's windows, then the rule apply, as the
     * company chose), unless breaksRecorded says a correction recorded none.
     */
    breaks: {
      type: 'list',
      items: { type: 'map', properties: { startAt: { type: 'string', required: true }, endAt: { type: 'string' } } },
    },
    /**
     * Set by a correction (打刻修正) that set the breaks: `breaks` is then the day's record even when
     * empty — [] means no break was taken, so neither the pattern nor the break rule deems one. Absent
     * (punches, items written before it existed): an empty list means "no break punched", as before.
     */
    breaksRecorded: { type: 'boolean' },
    /** With leaveType: 終日 (absent = day), 午前半休, 午後半休 or 時間単位 (domain/worktime/schedule.ts LeaveUnit). */
    leaveUnit: { type: ['day', 'am', 'pm', 'hours'] as const },
    /** 時間単位 only: whole hours of leave taken on the day. */
    leaveHours: { type: 'number' },
    /**
     * With leaveType: the days of leave the day counts (worktime AttendanceRecord.leaveDays): 1 for
     * 終日, 0.5 for a half day, 0 for 時間単位 (its hours are leaveHours). Absent = 1 (days approved
     * before units existed).
     */
    leaveDays: { type: 'number' },
    /** Set when an overtime (残業) request for this date is approved: clears the day's 未承認 warning. */
    overWorkApproved: { type: 'boolean' },
    /** Set when a holiday-work (休日出勤) request for this date is approved. */
    holidayWorkApproved: { type: 'boolean' },
    /**
     * Set on both days when a 振替 (leave type 2 naming the holiday to be worked) is approved: `working`
     * on the holiday worked, `day_off` on the swap day (which also gets leaveType 2). The engine
     * applies it on top of the company calendar (worktime/month.ts DayOverride).
     */
    dayOverride: { type: ['working', 'day_off'] as const },
    /** The other day of that 振替. */
    transferPartner: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    // An employee's month: one Query with begins_with(sk, "day#YYYY-MM").
    byEmployee: {
      pk: {
        field: 'pk',
        composite: ['companyId', 'employeeId'],
        template: 'c#${companyId}#e#${employeeId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['workDate'], template: 'day#${workDate}', casing: 'none' },
    },
  },
});
