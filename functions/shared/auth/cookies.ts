/**
 * Cookie names. Only the CSRF token is readable by scripts (the double-submit token, spec §7). Its
 * `__Host-` prefix makes browsers refuse it unless set by this host with Secure and Path=/ (no Domain),
 * so a sibling subdomain cannot plant one; Chromium and Firefox accept Secure cookies from
 * http://localhost, so the local stack keeps working.
 */
export const COOKIE = {
  idToken: 'kintai_id',
  session: 'kintai_sid',
  csrf: '__Host-csrf',
  challenge: 'kintai_challenge',
  /** Browsers that have signed in to an account (device-cookie.ts); HttpOnly, `__Host-` for the same reason. */
  device: '__Host-kintai_device',
} as const;

/** A work day plus margin; the ID token inside is short-lived and renewed from the session. */
export const SESSION_SECONDS = 12 * 60 * 60;
export const CHALLENGE_SECONDS = 5 * 60;
/** A device cookie stays trusted this long after its last successful sign-in (each one renews it). */
export const DEVICE_SECONDS = 90 * 24 * 60 * 60;
