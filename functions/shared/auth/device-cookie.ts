import { randomBytes } from 'node:crypto';
import type { Role } from '../../routes.js';
import { equalStrings, hmac } from '../signing.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has
 * signed in to an account gets a signed token for that account. Sign-in attempts that present one are
 * braked per token, so a stranger's failed guesses (from anywhere) never slow the owner's own browser.
 *
 * One cookie holds a token per account this browser signed in to (a shared office PC), newest first:
 * `<account>.<issued>.<nonce>.<signature>` joined by `~`, where account is a keyed hash of role and
 * login name (the cookie does not show the e-mail address), issued is epoch seconds in base 36, and
 * the signature is an HMAC under the server's `device` key. A token older than DEVICE_SECONDS, or
 * one we did not sign, counts as no token.
 */
const MAX_ACCOUNTS = 5;

export interface DeviceToken {
  /** Unique per issue: the key of this device's own brake. */
  nonce: string;
}

/** The keyed hash naming an account in device cookies. */
export const deviceAccount = (role: Role, login: string) =>
  hmac('device', `account\n${role}\n${login.trim().toLowerCase()}`).slice(0, 22);

const sign = (body: string) => hmac('device', `token\n${body}`);

/** One signed token (exported for tests that need an old or foreign one). */
export function deviceToken(account: string, issuedAt: Date, nonce = randomBytes(16).toString('base64url')): string {
  const body = `${account}.${Math.floor(issuedAt.getTime() / 1000).toString(36)}.${nonce}`;
  return `${body}.${sign(body)}`;
}

/** The valid, unexpired token of this account in the cookie, or null (an unknown device). */
export function trustedDevice(
  cookie: string | undefined,
  account: string,
  now: Date,
  maxAgeSeconds: number,
): DeviceToken | null {
  if (!cookie || cookie.length > 2048) return null;
  for (const token of cookie.split('~')) {
    const [name = '', issued = '', nonce = '', signature = '', ...rest] = token.split('.');
    if (rest.length || name !== account || nonce.length < 16) continue;
    if (!equalStrings(signature, sign(`${name}.${issued}.${nonce}`))) continue;
    const issuedSeconds = parseInt(issued, 36);
    if (!Number.isFinite(issuedSeconds)) continue;
    const age = now.getTime() / 1000 - issuedSeconds;
    if (age < 0 || age > maxAgeSeconds) continue;
    return { nonce };
  }
  return null;
}

/** The cookie after a successful sign-in: a fresh token for this account first, the others kept. */
export function renewedDeviceCookie(cookie: string | undefined, account: string, now: Date): string {
  const others = (cookie && cookie.length <= 2048 ? cookie.split('~') : []).filter(
    (token) => /^[\w-]+\.[0-9a-z]+\.[\w-]+\.[\w-]+$/.test(token) && !token.startsWith(`${account}.`),
  );
  return [deviceToken(account, now), ...others].slice(0, MAX_ACCOUNTS).join('~');
}
