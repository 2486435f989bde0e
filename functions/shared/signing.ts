import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server's signing key, for values the server hands out and must recognise later without storing
 * them: pagination cursors (sealed) and CSRF tokens (bound to the session by an HMAC).
 * Source, first found: SIGNING_SECRET; else derived from ORIGIN_VERIFY_SECRET (set on AWS, a
 * generated secret no browser sees); else, outside prod, a fixed development key (local stack, tests).
 * Each purpose gets its own key by HKDF, so a cursor can never pass as a CSRF token or back.
 */
const DEV_SECRET = 'kintai-local-development-signing-secret';

/**
 * cursor: pagination; csrf: session-bound tokens; challenge: the sign-in challenge cookie; device: device cookies;
 * reset: password-reset codes and the accounts they belong to (stored only as these hashes);
 * temppw: issued temporary passwords and the accounts they belong to (likewise);
 * mail: the bodies of stored mails (the outbox), which may carry a temporary password or a code.
 */
type Purpose = 'cursor' | 'csrf' | 'challenge' | 'device' | 'reset' | 'temppw' | 'mail';

const keys = new Map<string, Buffer>();

function signingKey(purpose: Purpose): Buffer {
  // Read directly (the API's env() has validated these already): pure helpers and unit tests need no full env.
  const { SIGNING_SECRET, ORIGIN_VERIFY_SECRET, STAGE } = process.env;
  const secret = SIGNING_SECRET || ORIGIN_VERIFY_SECRET || (STAGE === 'prod' ? undefined : DEV_SECRET);
  if (!secret) throw new Error('No signing secret: set SIGNING_SECRET');
  // Keyed by the secret too: tests change the environment between runs.
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'kintai', `kintai-${purpose}-v1`, 32));
    keys.set(id, key);
  }
  return key;
}

export function hmac(purpose: Purpose, value: string): string {
  return createHmac('sha256', signingKey(purpose)).update(value).digest('base64url');
}

export function equalStrings(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A pagination cursor the client can only hand back: the store's cursor encrypted with AES-256-GCM,
 * with the company and the query as associated data. Unreadable (no internal key shown), unforgeable,
 * and refused for another company or another query.
 */
export function sealCursor(inner: string | null, scope: string): string | null {
  if (inner === null) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', signingKey('cursor'), iv);
  cipher.setAAD(Buffer.from(scope));
  const body = Buffer.concat([cipher.update(inner, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The store's cursor, or null when the cursor was not sealed by us for this scope. */
export function openCursor(sealed: string, scope: string): string | null {
  return open('cursor', sealed, scope);
}

/**
 * A text stored where it must not be readable (a mail body in the outbox: temporary passwords, codes),
 * sealed like a cursor with its own key and bound to `scope` (the mail's id): only this server opens
 * it, and only for that mail.
 */
export function sealText(text: string, scope: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', signingKey('mail'), iv);
  cipher.setAAD(Buffer.from(scope));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed text, or null when it was not sealed with this server's key for this scope. */
export function openText(sealed: string, scope: string): string | null {
  return open('mail', sealed, scope);
}

function open(purpose: 'cursor' | 'mail', sealed: string, scope: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 29 || raw.toString('base64url') !== sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', signingKey(purpose), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(scope));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
