/**
 * Cookie names. Only the CSRF token is readable by scripts (the double-submit token, spec §7). Every
 * cookie has the `__Host-` prefix, which makes browsers refuse it unless set by this host with Secure
 * and Path=/ (no Domain), so a sibling subdomain can neither plant nor shadow one (the session cookies
 * got it in issue 30 item 10); Chromium and Firefox accept Secure cookies from http://localhost, so the
 * local stack keeps working. Renaming signed everyone out once.
 */
export const COOKIE = {
  idToken: '__Host-kintai_id',
  session: '__Host-kintai_sid',
  csrf: '__Host-csrf',
  challenge: '__Host-kintai_challenge',
  /** Browsers that have signed in to an account (device-cookie.ts); HttpOnly, `__Host-` for the same reason. */
  device: '__Host-kintai_device',
} as const;

/** A work day plus margin; the ID token inside is short-lived and renewed from the session. */
export const SESSION_SECONDS = 12 * 60 * 60;
export const CHALLENGE_SECONDS = 5 * 60;
/** A device cookie stays trusted this long after its last successful sign-in (each one renews it). */
export const DEVICE_SECONDS = 90 * 24 * 60 * 60;
