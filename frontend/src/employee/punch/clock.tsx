import { useEffect, useState } from 'react';
import { t } from '../../i18n';
import { formatClock, formatLongDate, zonedDate } from '../../shared/time';

/** The current time, re-rendered on each second boundary (timers drift; re-aiming every tick does not). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        1000 - (Date.now() % 1000),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** Today's date and hh:mm:ss in the company's zone. Not a live region: reading it out every second would drown everything else. */
export function Clock({ timeZone }: { timeZone: string }) {
  const now = useNow();
  const date = zonedDate(now, timeZone);
  return (
    <div className="clock">
      <p className="clock__date">
        <time dateTime={date}>{formatLongDate(date)}</time>
      </p>
      <p className="clock__time">
        <span className="visually-hidden">{t.punch.clockLabel} </span>
        <time>{formatClock(now, timeZone)}</time>
      </p>
    </div>
  );
}
