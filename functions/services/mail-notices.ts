/**
 * The scheduled notices (issue 18 item 6), sent by the recompute worker's daily run right after it
 * refreshed a company's summaries (services/daily-refresh.ts, 00:05 in Japan):
 *
 * - missed punch: a day of yesterday or the day before with a 出勤 and no 退勤, once the 出勤 is at
 *   least MISSED_AFTER_HOURS old (a night shift still running at midnight is not missed yet; the next
 *   run catches it), or yesterday as a 欠勤 of the summaries just refreshed (a scheduled working day
 *   without any punch or leave: the engine's 欠勤, e.g. not a 法定休日 shift) → the employee;
 * - 36協定: this period's figures reached the alert limit (the work status screen's `alert_limit`) or
 *   80 h of overtime and holiday work (`doctor_interview_80h`), as reached, not projected → the
 *   employee and the admins;
 * - 年5日の取得義務: a five-day window is behind its even pace or overdue → the employee and the
 *   admins, once a month while it stays so.
 *
 * Each notice is claimed first (db/mail.ts claimMailNotice, a conditional create keyed by kind,
 * employee and period) together with its mails, stored in the outbox in the same transaction, so a
 * rerun of the job sends nothing twice and a claimed notice is never lost: a mail the server does not
 * take now (down, refusing for a while) is sent by the outbox's scheduled run once it takes mail again
 * (services/mail-outbox.ts). A notice whose recipients cannot be read is not claimed: the next run
 * tries it. Reads per company are fixed (no per-employee query): staff, one BatchGet of the days,
 * yesterday's period summaries, the work-status inputs and the paid-leave list.
 */
import { findCompany } from '../db/companies.js';
import { calendarVersions } from '../db/company-calendars.js';
import { claimMailNotice, openDays } from '../db/mail.js';
import { agreementVersions } from '../db/overtime-agreements.js';
import { payrollVersions } from '../db/period-closings.js';
import { activeStaff } from '../db/staff.js';
import { monthSummaries, overtimeHistories } from '../db/summaries.js';
import { periodOf } from '../domain/payroll-period.js';
import { addDays, today } from '../domain/time.js';
import { logger } from '../shared/logger.js';
import { deliverMails } from './mail-outbox.js';
import { mailsOfEvent, type MailEvent } from './notify.js';
import { staffPaidLeave } from './paid-leave-service.js';
import { agreementAlerts, companyAgreement, thisMonth } from './work-figures.js';

export const MISSED_AFTER_HOURS = 12;

export interface NoticeResult {
  missedPunch: number;
  overtime: number;
  paidLeave: number;
}

/** Sends the company's due notices (each once); never throws for one notice kind failing. */
export async function sendDailyNotices(companyId: string, timeZone: string, now: Date): Promise<NoticeResult> {
  const result: NoticeResult = { missedPunch: 0, overtime: 0, paidLeave: 0 };
  const staff = await activeStaff(companyId);
  const ids = staff.map((s) => s.employeeId);
  const run = async (kind: keyof NoticeResult, work: () => Promise<number>) => {
    try {
      result[kind] = await work();
    } catch (error) {
      logger.error('daily mail notices failed', { companyId, notice: kind, error: error as Error });
    }
  };
  // Both the missed punches and the 36協定 notices read the 締め日 versions and a period's summaries;
  // yesterday's period is today's on all but a period's first day: each is read once per run.
  const reads = sharedReads(companyId);
  await run('missedPunch', () => missedPunches(companyId, ids, timeZone, now, reads));
  await run('overtime', () => overtimeNotices(companyId, new Set(ids), timeZone, now, reads));
  await run('paidLeave', () => paidLeaveNotices(companyId, timeZone, now));
  return result;
}

type SharedReads = ReturnType<typeof sharedReads>;

/**
 * The 締め日 versions and the summaries of a period, each read on first use and shared after; a read
 * that failed is forgotten, so the next notice kind reads again.
 */
function sharedReads(companyId: string) {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!cache.has(key))
      cache.set(
        key,
        read().catch((error: unknown) => {
          cache.delete(key);
          throw error;
        }),
      );
    return cache.get(key) as Promise<T>;
  };
  return {
    payroll: () => once('payroll', () => payrollVersions(companyId)),
    summaries: (period: string) => once(`summaries#${period}`, () => monthSummaries(companyId, period)),
  };
}

/** Claims a notice with its mails (nobody to send to, all opted out, still claims it) and sends them: 1 when claimed now. */
async function claimed(companyId: string, key: string, now: Date, event: MailEvent): Promise<number> {
  const mails = await mailsOfEvent(event, now);
  if (mails === null) return 0;
  if (!(await claimMailNotice(companyId, key, mails, now))) return 0;
  await deliverMails(mails);
  return 1;
}

async function missedPunches(
  companyId: string,
  employeeIds: string[],
  timeZone: string,
  now: Date,
  reads: SharedReads,
) {
  const yesterday = addDays(today(timeZone, now), -1);
  const [open, payroll] = await Promise.all([
    openDays(companyId, employeeIds, [addDays(yesterday, -1), yesterday]),
    reads.payroll(),
  ]);
  // The period holding yesterday (the summaries are keyed by payroll period id).
  const summaries = await reads.summaries(periodOf(yesterday, payroll).id);
  const active = new Set(employeeIds);
  let sent = 0;
  for (const day of open) {
    if (now.getTime() - Date.parse(day.punchInAt!) < MISSED_AFTER_HOURS * 3600_000) continue;
    sent += await claimed(companyId, `missed_punch#${day.employeeId}#${day.workDate}`, now, {
      kind: 'missed_punch',
      companyId,
      employeeId: day.employeeId,
      date: day.workDate,
      missing: 'end',
    });
  }
  for (const s of summaries) {
    if (!active.has(s.employeeId) || !(s.absentDates ?? []).includes(yesterday)) continue;
    sent += await claimed(companyId, `missed_punch#${s.employeeId}#${yesterday}`, now, {
      kind: 'missed_punch',
      companyId,
      employeeId: s.employeeId,
      date: yesterday,
      missing: 'both',
    });
  }
  return sent;
}

const NOTICE_CODES = { alert_limit: 'threshold', doctor_interview_80h: 'eighty' } as const;

async function overtimeNotices(
  companyId: string,
  active: Set<string>,
  timeZone: string,
  now: Date,
  reads: SharedReads,
) {
  const [company, versions, calendar, payroll, histories] = await Promise.all([
    findCompany(companyId),
    agreementVersions(companyId),
    calendarVersions(companyId),
    reads.payroll(),
    overtimeHistories(companyId),
  ]);
  const month = thisMonth(timeZone, now, payroll);
  const summaries = await reads.summaries(month);
  const worked = new Map(summaries.map((s) => [s.employeeId, s.workedMinutes]));
  const agreement = companyAgreement(versions, company, calendar);
  let sent = 0;
  for (const { employeeId, findings } of agreementAlerts(histories, month, {
    agreement,
    timeZone,
    now,
    payroll,
    worked,
    include: (id) => active.has(id),
  })) {
    for (const f of findings.current) {
      if (f.projected || !(f.code in NOTICE_CODES)) continue;
      const level = NOTICE_CODES[f.code as keyof typeof NOTICE_CODES];
      sent += await claimed(companyId, `overtime_${level}#${employeeId}#${month}`, now, {
        kind: 'overtime_notice',
        companyId,
        employeeId,
        month,
        level,
        minutes: f.value,
        limitMinutes: f.limit,
      });
    }
  }
  return sent;
}

async function paidLeaveNotices(companyId: string, timeZone: string, now: Date) {
  const month = today(timeZone, now).slice(0, 7);
  let sent = 0;
  for await (const s of staffPaidLeave(companyId, timeZone)) {
    const late = s.five_day.find((w) => w.status === 'behind' || w.status === 'overdue');
    if (!late) continue;
    sent += await claimed(companyId, `paid_leave_pace#${s.employee_id}#${late.deadline}#${month}`, now, {
      kind: 'paid_leave_pace',
      companyId,
      employeeId: s.employee_id,
      taken: late.taken_days + late.planned_days,
      required: late.required_days,
      deadline: late.deadline,
    });
  }
  return sent;
}
