import { randomBytes, timingSafeEqual } from 'node:crypto';

export const newCsrfToken = () => randomBytes(32).toString('base64url');

/** Double-submit check: the header must equal the cookie; both must be present and well-formed. */
export function csrfMatches(cookie: string | undefined, header: string | undefined): boolean {
  if (!cookie || !header || cookie.length !== header.length || cookie.length < 32) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

/** Constant-time comparison of a configured secret with a presented value. */
export function secretMatches(expected: string, presented: string | undefined): boolean {
  if (!presented || presented.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
}
