/** On the leave form once 有給 is chosen: the days left and pending, so a request beyond them is not a surprise. */
import { fmt, t } from '../../i18n';
import { daysHours, getOwnPaidLeave, pendingText } from '../../shared/paid-leave/paid-leave-api';
import { useLoad } from '../../shared/use-load';

export function PaidLeaveRemaining({ version }: { version: number }) {
  const { state } = useLoad(getOwnPaidLeave, `paid-leave-${version}`, { alertOnGenericFailure: false });
  if (state.status !== 'ready') return null;
  const s = state.data;
  return (
    <p className="page-hint paid-leave-remaining" role="note">
      {s.managed
        ? fmt(t.paidLeave.formRemaining, { n: daysHours(s.remaining), p: pendingText(s) })
        : t.paidLeave.notManagedHint}
    </p>
  );
}
