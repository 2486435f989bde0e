import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import type { ApiResult } from '../lib/api';

export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string; httpStatus: number };

/** True when the failure carries no message of the server's own (network down, proxy page, 5xx without body). */
export const isGenericFailure = (res: { ok: boolean; message: string | null }) =>
  !res.ok && (res.message === null || res.message === t.messages.communicationFailed);

/**
 * Loads data for a page section and keeps the latest answer. `load` runs again whenever `key`
 * changes; an answer for an older key is dropped, so a slow reply never overwrites a newer one.
 * Spec §8: a load failure without a server message is the "communication failed" alert.
 */
export function useLoad<T>(
  load: () => Promise<ApiResult<T>>,
  key: string,
  opts: { alertOnGenericFailure?: boolean } = {},
) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const alertRef = useRef(opts.alertOnGenericFailure ?? true);
  const generation = useRef(0);

  const run = useCallback(async () => {
    const mine = ++generation.current;
    setState({ status: 'loading' });
    const res = await loadRef.current();
    if (mine !== generation.current) return;
    if (res.ok) {
      setState({ status: 'ready', data: res.data });
    } else {
      setState({ status: 'error', message: res.message, httpStatus: res.status });
      if (alertRef.current && isGenericFailure(res)) window.alert(t.messages.communicationFailed);
    }
  }, []);

  useEffect(() => {
    void run();
    // A newer run or unmount makes this one stale.
    return () => {
      generation.current++;
    };
  }, [run, key]);

  const setData = useCallback((update: (prev: T) => T) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s));
  }, []);

  return { state, reload: run, setData };
}
