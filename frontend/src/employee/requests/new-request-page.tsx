/** New leave / overtime / holiday-work request (`/employees/requests/{holiday,over_work,holiday_work}`). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REQUEST_YEARS_AHEAD } from '../../../../functions/api/request-years';
import { t } from '../../i18n';
import { DateSelects, EMPTY_DATE, selectedDate, type DateSelection } from '../../shared/date-selects';
import { TEXT_LIMITS } from '../../../../functions/domain/text-limits';
import { FormFeedback } from '../../shared/feedback';
import {
  FieldError,
  LimitedTextarea,
  fieldErrorsOf,
  invalidProps,
  messagesFor,
  TimeInput,
  type FieldErrors,
} from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { inParentheses, yearChoices } from '../../shared/time';
import { useTimeZone } from '../../shared/use-time-zone';
import { LeaveUnitFields } from './leave-unit-fields';
import { PaidLeaveRemaining } from './paid-leave-remaining';
import { createRequest, requestTitle, type RequestKind } from './requests-api';
import '../../shared/page.css';
import './requests.css';

export default function NewRequestPage({ kind }: { kind: RequestKind }) {
  const timeZone = useTimeZone();
  // Leave is planned ahead: in December the next January must be selectable (申請管理 offers the same years).
  const years = yearChoices(timeZone, new Date(), REQUEST_YEARS_AHEAD);
  const [leaveType, setLeaveType] = useState('');
  const [date, setDate] = useState<DateSelection>(EMPTY_DATE);
  // 振替休日 (leave type 2): the day off worked instead of the leave day.
  const [workDate, setWorkDate] = useState<DateSelection>(EMPTY_DATE);
  const [reason, setReason] = useState('');
  // 終日 / 午前半休 / 午後半休 / 時間単位, and the hours of 時間単位 (leave only).
  const [unit, setUnit] = useState('day');
  const [hours, setHours] = useState('');
  // Overtime only: 予定開始・予定終了 ("HH:MM"), the end on the next day when it crosses midnight.
  const [plannedStart, setPlannedStart] = useState('');
  const [plannedEnd, setPlannedEnd] = useState('');
  const [plannedNextDay, setPlannedNextDay] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);
  // Bumped after each filing so the paid-leave figures reload.
  const [filed, setFiled] = useState(0);

  const needsLeaveType = kind === 'holiday';
  const transfer = needsLeaveType && leaveType === '2';
  const complete = Boolean(
    date.year &&
    date.month &&
    date.day &&
    (!needsLeaveType || leaveType !== '') &&
    (!transfer || selectedDate(workDate)) &&
    (unit !== 'hours' || hours !== ''),
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!complete || sending) return;
    setSending(true);
    setError(null);
    setFieldErrors({});
    setSuccess(null);
    const res = await createRequest(kind, {
      ...(needsLeaveType ? { kind: Number(leaveType) } : {}),
      ...(transfer ? { work_date: selectedDate(workDate)! } : {}),
      ...(needsLeaveType ? { unit } : {}),
      ...(needsLeaveType && unit === 'hours' ? { hours: Number(hours) } : {}),
      year: Number(date.year),
      month: Number(date.month),
      day: Number(date.day),
      reason,
      ...(kind === 'over_work'
        ? { planned_start: plannedStart, planned_end: plannedEnd, planned_end_next_day: plannedNextDay }
        : {}),
    });
    setSending(false);
    if (!res.ok) {
      // Spec §4: the inputs stay so the employee can fix and resend.
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
      return;
    }
    setSuccess(t.messages.applicationCompleted);
    setFiled((n) => n + 1);
    setLeaveType('');
    setUnit('day');
    setHours('');
    setDate(EMPTY_DATE);
    setWorkDate(EMPTY_DATE);
    setReason('');
    setPlannedStart('');
    setPlannedEnd('');
    setPlannedNextDay(false);
  }

  const title = requestTitle(kind);
  return (
    <>
      <PageTitle title={title} />
      <section className="card page-section new-request">
        <FormFeedback error={error} success={success} />
        <form className="form" onSubmit={(e) => void onSubmit(e)}>
          {needsLeaveType && (
            <div className="form__field new-request__leave-type">
              <label htmlFor="request-leave-type">{t.requests.leaveType}</label>
              <select
                id="request-leave-type"
                value={leaveType}
                onChange={(e) => {
                  setLeaveType(e.target.value);
                  // A unit the new type does not take goes back to 終日.
                  if (e.target.value !== '0' && !(e.target.value === '1' && unit !== 'hours')) setUnit('day');
                }}
                {...invalidProps('request-leave-type', fieldErrors.kind)}
              >
                <option value="">{t.common.choose}</option>
                {t.monthTable.leaveTypes.map((label, value) => (
                  <option key={value} value={String(value)}>
                    {label}
                  </option>
                ))}
              </select>
              <FieldError id="request-leave-type" messages={fieldErrors.kind} />
              {leaveType === '0' && <PaidLeaveRemaining version={filed} />}
            </div>
          )}
          {needsLeaveType && leaveType !== '' && (
            <LeaveUnitFields
              leaveType={leaveType}
              unit={unit}
              hours={hours}
              onUnit={setUnit}
              onHours={setHours}
              errors={{ unit: fieldErrors.unit, hours: fieldErrors.hours }}
            />
          )}
          <DateSelects
            id="request-date"
            legend={t.requests.dateLegend[kind]}
            years={years}
            value={date}
            onChange={setDate}
            messages={messagesFor(fieldErrors, 'date', 'year', 'month', 'day')}
          />
          {transfer && (
            <>
              <DateSelects
                id="request-work-date"
                legend={t.requests.transferWorkDate}
                years={years}
                value={workDate}
                onChange={setWorkDate}
                messages={fieldErrors.work_date}
              />
              <p className="form__hint">{t.requests.transferHint}</p>
            </>
          )}
          {kind === 'over_work' && (
            <fieldset className="request-planned" aria-describedby="request-planned-hint">
              <legend>{t.approvals.planned}</legend>
              <p id="request-planned-hint" className="form__hint">
                {t.approvals.plannedHint}
              </p>
              <div className="form__field">
                <label htmlFor="request-planned-start">{t.approvals.plannedStart}</label>
                <TimeInput
                  id="request-planned-start"
                  value={plannedStart}
                  onChange={setPlannedStart}
                  messages={fieldErrors.planned_start}
                />
              </div>
              <div className="form__field">
                <label htmlFor="request-planned-end">{t.approvals.plannedEnd}</label>
                <TimeInput
                  id="request-planned-end"
                  value={plannedEnd}
                  onChange={setPlannedEnd}
                  messages={fieldErrors.planned_end}
                />
                <label className="checkbox" htmlFor="request-planned-next-day">
                  <input
                    id="request-planned-next-day"
                    type="checkbox"
                    checked={plannedNextDay}
                    onChange={(e) => setPlannedNextDay(e.target.checked)}
                  />
                  {t.approvals.plannedNextDay}
                </label>
              </div>
            </fieldset>
          )}
          <div className="form__field">
            <label htmlFor="request-reason">
              {t.requests.reason}
              <span className="form__optional">{inParentheses(t.requests.reasonOptional)}</span>
            </label>
            <LimitedTextarea
              id="request-reason"
              className="reason-box"
              rows={4}
              value={reason}
              onChange={setReason}
              max={TEXT_LIMITS.reason}
              messages={fieldErrors.reason}
            />
          </div>
          <div>
            <button
              type="submit"
              className="button button--primary"
              disabled={!complete || sending}
              aria-busy={sending}
            >
              {t.requests.submit}
            </button>
          </div>
        </form>
      </section>
      <p>
        <Link to="/employees/requests">{t.common.back}</Link>
      </p>
    </>
  );
}
