import { fmt, t } from '../i18n';
import { formatAsOf } from './time';
import { useTimeZone } from './use-time-zone';
import './refresh-bar.css';

const R = t.refreshBar;

/**
 * 集計日時 / 集計中… / 再集計 above figures a background worker builds (issue 19): 勤怠状況 and
 * 締め処理's checklist. The page owns the request and whether it failed; the bar only draws them.
 */
export function RefreshBar({
  asOf,
  refreshing,
  failed,
  onRefresh,
  notYet,
  testId,
}: {
  /** When the shown figures were built (ISO instant), or null before the first build. */
  asOf: string | null;
  refreshing: boolean;
  failed: boolean;
  onRefresh: () => void;
  /** Shown while nothing has been built yet. */
  notYet?: string;
  testId: string;
}) {
  const zone = useTimeZone();
  return (
    <div className="refresh-bar">
      <p className="page-hint refresh-bar__as-of" data-testid={testId}>
        {asOf ? fmt(R.asOf, { at: formatAsOf(asOf, zone) }) : (notYet ?? null)}
        {refreshing && (
          <span className="refresh-bar__busy" role="status">
            {R.refreshing}
          </span>
        )}
      </p>
      <button type="button" className="button button--ghost button--small" onClick={onRefresh} disabled={refreshing}>
        {R.refresh}
      </button>
      {failed && (
        <p role="alert" className="form-error">
          {R.refreshFailed}
        </p>
      )}
    </div>
  );
}
