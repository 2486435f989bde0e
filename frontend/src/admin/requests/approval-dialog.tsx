/**
 * The approval modal (spec §2): 「{name}さんから申請が届いています」, the application content (date)
 * and reason, red notes, and 承認 / 却下 enabled only while unapproved. A native <dialog> opened with
 * showModal() makes the page behind it inert and closes on Escape; Tab also wraps inside it instead
 * of leaving for the browser's toolbar, and closing returns focus to the 確認 button that opened it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fmt, t } from '../../i18n';
import { formatLongDate } from '../../shared/time';
import { leaveLabel } from '../../shared/leave-label';
import { TransferWorkDate } from '../../shared/transfer-work-date';
import { TEXT_LIMITS } from '../../../../functions/domain/text-limits';
import { LimitedTextarea, fieldErrorsOf, type FieldErrors } from '../../shared/field-errors';
import { useTimeZone } from '../../shared/use-time-zone';
import { APPROVE, decideRequest, REJECT, UNAPPROVED, type AdminRequestRow, type RequestKind } from './requests-api';
import { CorrectionCompare, PlannedTimes } from './request-details';

export function ApprovalDialog({
  kind,
  row,
  onDecided,
  onClose,
}: {
  kind: RequestKind;
  row: AdminRequestRow;
  onDecided: (row: AdminRequestRow) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const timeZone = useTimeZone();

  // Set while the dialog is closed because the component unmounts: that close event is not the
  // user's. Under StrictMode (dev) the effect runs, cleans up and runs again on mount; without this
  // the cleanup's queued close event would call onClose and the dialog would vanish as it opens.
  const unmounting = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) {
        unmounting.current = true;
        dialog.close();
      }
    };
  }, []);

  function closed() {
    if (unmounting.current) {
      unmounting.current = false;
      return;
    }
    onClose();
  }

  async function decide(status: 1 | 2) {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const res = await decideRequest(kind, row.id, status, reason);
    setBusy(false);
    if (res.ok) {
      onDecided(res.data);
      return;
    }
    // Spec §8: 承認できませんでした, unless the server says something more precise (already decided).
    setError(res.status === 409 ? res.message : t.messages.approveFailed);
    setFieldErrors(fieldErrorsOf(res));
  }

  function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== 'Tab' || !ref.current) return;
    const focusable = [
      ...ref.current.querySelectorAll<HTMLElement>(
        'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => !(el as HTMLButtonElement).disabled);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  const open = row.status === UNAPPROVED;
  const titleId = `approval-${row.id}-title`;
  return (
    <dialog ref={ref} className="approval-dialog" aria-labelledby={titleId} onClose={closed} onKeyDown={keepTabInside}>
      <h2 id={titleId} className="approval-dialog__title">
        {fmt(t.admin.requests.dialogTitle, { name: row.employee_name })}
      </h2>
      <dl className="approval-dialog__content">
        <div>
          <dt>{t.admin.requests.content}</dt>
          <dd>
            {formatLongDate(row.date)}
            {kind === 'holiday' && <span className="badge approval-dialog__kind">{leaveLabel(row)}</span>}
            <TransferWorkDate date={row.work_date} />
            <PlannedTimes row={row} />
            <CorrectionCompare row={row} timeZone={timeZone} />
          </dd>
        </div>
        <div>
          <dt>{t.admin.requests.reason}</dt>
          <dd className="text-block">{row.reason || '—'}</dd>
        </div>
        {!open && row.decision_reason && (
          <div>
            <dt>{t.approvals.decisionReasonShown}</dt>
            <dd className="text-block">{row.decision_reason}</dd>
          </div>
        )}
      </dl>
      {open && (
        <div className="form__field">
          <label htmlFor={`approval-${row.id}-reason`}>{t.approvals.decisionReason}</label>
          <LimitedTextarea
            id={`approval-${row.id}-reason`}
            className="reason-box"
            rows={2}
            value={reason}
            onChange={setReason}
            max={TEXT_LIMITS.reason}
            messages={fieldErrors.reason}
          />
        </div>
      )}
      <ul className="approval-dialog__notes">
        <li>{t.admin.requests.noteAuto}</li>
        <li>{t.admin.requests.noteFinal}</li>
      </ul>
      <div role="alert" className={error ? 'form-error' : 'form-error form-error--empty'}>
        {error}
      </div>
      <div className="approval-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!open || busy}
          onClick={() => void decide(APPROVE)}
        >
          {t.admin.requests.approve}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={!open || busy}
          onClick={() => void decide(REJECT)}
        >
          {t.admin.requests.reject}
        </button>
        <button type="button" className="button button--ghost" onClick={() => ref.current?.close()}>
          {t.admin.requests.close}
        </button>
      </div>
    </dialog>
  );
}
