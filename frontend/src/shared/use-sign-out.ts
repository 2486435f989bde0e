import { startTransition, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../lib/api';
import { useSession } from '../lib/session';

/** Sign-out per spec §2: success leaves for `redirectTo`; failure shows the server message in an alert. */
export function useSignOut(path: string, redirectTo: string) {
  const navigate = useNavigate();
  const { clear } = useSession();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    const res = await api.delete(path);
    setPending(false);
    if (res.ok) {
      // The router applies a navigation as a transition. Clearing the session outside it would render
      // the area once more without a session, and its guard would send the person to the sign-in
      // page instead of `redirectTo` (issue 14 item 7): both updates go in the same transition.
      startTransition(() => {
        // The router's promise settles once the next page has rendered; nothing here waits for it.
        void navigate(redirectTo, { replace: true });
        clear();
      });
    } else {
      window.alert(res.message);
    }
  }

  return { signOut, pending };
}
