/** Cookie names. Only `csrf_token` is readable by scripts (the double-submit token, spec §7). */
export const COOKIE = {
  idToken: 'kintai_id',
  session: 'kintai_sid',
  csrf: 'csrf_token',
  challenge: 'kintai_challenge',
} as const;

/** A work day plus margin; the ID token inside is short-lived and renewed from the session. */
export const SESSION_SECONDS = 12 * 60 * 60;
export const CHALLENGE_SECONDS = 5 * 60;
