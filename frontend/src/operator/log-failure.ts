import { useEffect } from 'react';
import type { LoadState } from '../shared/use-load';

/** Spec §8: a failed list load (companies, announcements) goes to the console only, once per failure. */
export function useLogFailure(label: string, state: LoadState<unknown>) {
  useEffect(() => {
    if (state.status === 'error') console.error(label, state.httpStatus, state.message);
  }, [label, state]);
}
