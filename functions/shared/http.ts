/** Response values route functions return; the middleware turns them into API Gateway results. */
export interface Reply<T = unknown> {
  kind: 'reply';
  status: 'ok' | 'created' | 'noContent';
  data?: T;
  cookies?: string[];
  /**
   * A list answered a page at a time whose `data` stays the array the contract names: the next page's
   * cursor goes beside it as `next_cursor` (null on the last page).
   */
  nextCursor?: string | null;
  /** What an audited route changed, when it knows more than its answer (the state before, say). */
  audit?: { targetId?: string | undefined; before?: unknown; after?: unknown; companyId?: string | undefined };
}

/** Attaches before/after to a reply of an audited route. */
export const withAudit = <T>(reply: Reply<T>, audit: NonNullable<Reply['audit']>): Reply<T> => ({ ...reply, audit });

export const ok = <T>(data: T, cookies?: string[]): Reply<T> => ({
  kind: 'reply',
  status: 'ok',
  data,
  ...(cookies ? { cookies } : {}),
});
/** A page of a list: `{ data: [...], next_cursor }`. */
export const okPage = <T>(data: T[], nextCursor: string | null): Reply<T[]> => ({
  kind: 'reply',
  status: 'ok',
  data,
  nextCursor,
});
export const created = <T>(data: T): Reply<T> => ({ kind: 'reply', status: 'created', data });
export const noContent = (cookies?: string[]): Reply<never> => ({
  kind: 'reply',
  status: 'noContent',
  ...(cookies ? { cookies } : {}),
});

export const STATUS: Record<Reply['status'], number> = { ok: 200, created: 201, noContent: 204 };

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
}

/**
 * Session cookies are HttpOnly, Secure and SameSite=Strict. Browsers treat http://localhost as a secure
 * context, so the same attributes work on the local stack.
 */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, httpOnly = true }: CookieOptions = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'Secure', 'SameSite=Strict'];
  if (httpOnly) parts.push('HttpOnly');
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  return parts.join('; ');
}

export const clearCookie = (name: string, httpOnly = true) => serializeCookie(name, '', { maxAgeSeconds: 0, httpOnly });

/** API Gateway v2 puts cookies in `event.cookies` (one `name=value` per entry). */
export function parseCookies(cookies: readonly string[] | undefined, header?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pairs = [...(cookies ?? []), ...(header ? header.split(';') : [])];
  for (const pair of pairs) {
    const i = pair.indexOf('=');
    if (i <= 0) continue;
    const name = pair.slice(0, i).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(pair.slice(i + 1).trim());
    } catch {
      // A malformed cookie is ignored rather than failing the request.
    }
  }
  return out;
}

/** Headers added to every API response (CloudFront adds the page-level ones too). */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};
