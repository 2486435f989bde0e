/**
 * The number of requests waiting for a decision, for the side menu's badge. Loaded when the admin area
 * opens and on every page change (one capped Query on the server), and again whenever a page reports a
 * decision, so the badge follows what the admin just did.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { PendingCountView } from '../../../../functions/api/pending-requests/views';
import { countPendingRequests } from './requests-api';

interface PendingCount {
  /** null until known (or when the count could not be read: the badge is then left out). */
  count: PendingCountView | null;
  refresh: () => void;
}

const PendingCountContext = createContext<PendingCount>({ count: null, refresh: () => undefined });

export function PendingCountProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState<PendingCountView | null>(null);
  const generation = useRef(0);
  const { pathname } = useLocation();

  const refresh = useCallback(() => {
    const mine = ++generation.current;
    void countPendingRequests().then((res) => {
      // A later refresh answers for a later state: never let an older answer overwrite it.
      if (mine === generation.current) setCount(res.ok ? res.data : null);
    });
  }, []);

  useEffect(refresh, [refresh, pathname]);

  return <PendingCountContext.Provider value={{ count, refresh }}>{children}</PendingCountContext.Provider>;
}

export const usePendingCount = () => useContext(PendingCountContext);

/** `3`, or `99+` past the cap; null when nothing waits. */
export const pendingBadgeText = (count: PendingCountView | null): string | null =>
  !count || (count.count === 0 && !count.more) ? null : count.more ? `${count.count}+` : String(count.count);
