/** The second date of a 振替休日 request (the day off worked instead), shown beside the leave date in the lists. */
import { t } from '../i18n';
import { formatLongDate } from './time';
import './page.css';

export function TransferWorkDate({ date }: { date?: string | undefined }) {
  if (!date) return null;
  return (
    <span className="transfer-work-date">
      {t.requests.transferWorkDate}: {formatLongDate(date)}
    </span>
  );
}
