/** On the leave form once 有給 is chosen: the days left and pending, so a request beyond them is not a surprise. */
import { t } from '../../i18n';
import { daysHours, getOwnPaidLeave, pendingText } from '../../shared/paid-leave/paid-leave-api';
import { useLoad } from '../../shared/use-load';

export function PaidLeaveRemaining({ version }: { version: number }) {
  const { state } = useLoad(getOwnPaidLeave, `paid-leave-${version}`, { alertOnGenericFailure: false });
  if (state.status !== 'ready') return null;
  const s = state.data;
  return (
    <p className="page-hint paid-leave-remaining" role="note">
      {s.managed
        ? t.paidLeave.formRemaining.replace('{n}', daysHours(s.remaining)).replace('{p}', pendingText(s))
        : t.paidLeave.notManagedHint}
    </p>
  );
}
