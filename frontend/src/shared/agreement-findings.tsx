/**
 * 36協定 findings as a list: severity in words and colour (違反 / 警告 / 通知), 見込み for those only
 * the pace so far predicts, and the engine's Japanese message. Used by the admin's alert list (with a
 * name per finding) and the employee's own month card.
 */
import type { FindingView } from '../../../functions/services/work-figures';
import type { ReactNode } from 'react';
import { t } from '../i18n';
import './agreement-findings.css';

/** A 36協定 finding as GET /api/v1/work_status (alerts) and /work_status/me (findings) return it: the backend's own type. */
export type AgreementFinding = FindingView;
type Severity = FindingView['severity'];

const SEVERITY_ORDER: Record<Severity, number> = { violation: 0, warning: 1, notice: 2 };

/** Most serious first; an actual finding before a projected one. */
const bySeverity = (a: AgreementFinding, b: AgreementFinding) =>
  (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3) || Number(a.projected) - Number(b.projected);

export function FindingList<F extends AgreementFinding>({
  findings,
  label,
  lead,
}: {
  findings: readonly F[];
  label: string;
  lead?: (f: F) => ReactNode;
}) {
  return (
    <ul className="findings" aria-label={label}>
      {[...findings].sort(bySeverity).map((f, i) => (
        <li key={`${f.code}-${i}`} className={`finding finding--${f.severity}`}>
          <span className="finding__tags">
            <span className={`badge finding__severity finding__severity--${f.severity}`}>
              {t.workMonth.severity[f.severity] ?? f.severity}
            </span>
            {f.projected && <span className="badge finding__projected">{t.workMonth.projected}</span>}
          </span>
          {lead && <span className="finding__lead">{lead(f)}</span>}
          <span className="finding__message">{f.message}</span>
        </li>
      ))}
    </ul>
  );
}
