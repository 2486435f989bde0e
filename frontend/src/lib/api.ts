/**
 * The one HTTP client of the SPA. Same-origin cookies carry the session (the SPA never holds
 * tokens); every state-changing call echoes the readable `__Host-csrf` cookie in `X-CSRF-Token`
 * (double-submit). Calls never throw: they resolve to an `ApiResult` so pages handle failure in one
 * shape, with the server's message (in the caller's language) when there is one.
 */
import { language, t } from '../i18n';

const CSRF_COOKIE = '__Host-csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/** Public route that reports the session and sets the CSRF cookie when it is missing. */
export const SESSION_PATH = '/api/v1/session';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type FieldErrors = Record<string, string[]>;

export type ApiResult<T> =
  | {
      ok: true;
      status: number;
      data: T;
      message: null;
      errors: null;
      /** A list answered a page at a time: the next page's cursor (null on the last page). */
      nextCursor?: string | null;
    }
  | {
      ok: false;
      status: number;
      data: null;
      message: string;
      errors: FieldErrors | null;
      /** The error body as answered, for the few answers that carry more (the sign-in's company choice). */
      body?: unknown;
    };

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Extra request headers, e.g. `Idempotency-Key` on a punch. */
  headers?: Record<string, string>;
}

/** What the client needs from the browser; tests pass fakes. */
export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Anything with a `cookie` string, normally `document`. */
  cookies: () => string;
}

/** Reads one cookie from a `document.cookie`-style string; null when absent or empty. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

const isStateChanging = (method: Method): boolean => method !== 'GET';

/** Headers for one call: JSON in and out, plus the CSRF header on state-changing calls. */
export function buildHeaders(
  method: Method,
  opts: { csrfToken: string | null; hasBody: boolean },
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.hasBody) headers['Content-Type'] = 'application/json';
  if (isStateChanging(method) && opts.csrfToken) headers[CSRF_HEADER] = opts.csrfToken;
  return headers;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function toFieldErrors(value: unknown): FieldErrors | null {
  if (!isRecord(value)) return null;
  const errors: FieldErrors = {};
  for (const [field, msgs] of Object.entries(value)) {
    if (Array.isArray(msgs)) errors[field] = msgs.filter((m): m is string => typeof m === 'string');
    else if (typeof msgs === 'string') errors[field] = [msgs];
  }
  return errors;
}

/** Turns a status and a parsed body (`{data}` or `{message, errors}`) into an `ApiResult`. */
export function toResult<T>(status: number, body: unknown): ApiResult<T> {
  if (status >= 200 && status < 300) {
    const data = (isRecord(body) && 'data' in body ? body.data : null) as T;
    const page =
      isRecord(body) && 'next_cursor' in body
        ? { nextCursor: typeof body.next_cursor === 'string' ? body.next_cursor : null }
        : {};
    return { ok: true, status, data, message: null, errors: null, ...page };
  }
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message ? body.message : t.messages.communicationFailed;
  const errors = isRecord(body) ? toFieldErrors(body.errors) : null;
  return { ok: false, status, data: null, message, errors, body };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy or gateway error page is not JSON; the status still tells success from failure.
    return null;
  }
}

const browserDeps = (): ApiClientDeps => ({
  fetch: (input, init) => globalThis.fetch(input, init),
  cookies: () => globalThis.document?.cookie ?? '',
});

export type UnauthorizedListener = () => void;

export function createApiClient(overrides: Partial<ApiClientDeps> = {}) {
  const deps = { ...browserDeps(), ...overrides };
  const unauthorizedListeners = new Set<UnauthorizedListener>();
  let priming: Promise<void> | null = null;

  /**
   * The cookie is normally set by the session lookup at start-up; when it is missing (first call,
   * expired, cleared) ask the session route for one. Concurrent callers share a single lookup.
   */
  async function csrfToken(): Promise<string | null> {
    const existing = readCookie(deps.cookies(), CSRF_COOKIE);
    if (existing) return existing;
    priming ??= deps
      .fetch(SESSION_PATH, {
        method: 'GET',
        credentials: 'same-origin',
        headers: buildHeaders('GET', { csrfToken: null, hasBody: false }),
      })
      .then(
        (res) => void res.body?.cancel(),
        () => undefined,
      )
      .finally(() => {
        priming = null;
      });
    await priming;
    return readCookie(deps.cookies(), CSRF_COOKIE);
  }

  async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    try {
      const hasBody = options.body !== undefined;
      const token = isStateChanging(method) ? await csrfToken() : null;
      const res = await deps.fetch(withQuery(path, options.query), {
        method,
        credentials: 'same-origin',
        // The server answers errors in this language (issue 31).
        headers: {
          ...options.headers,
          ...buildHeaders(method, { csrfToken: token, hasBody }),
          'Accept-Language': language(),
        },
        ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      });
      const result = toResult<T>(res.status, await readBody(res));
      if (res.status === 401) unauthorizedListeners.forEach((listener) => listener());
      return result;
    } catch {
      return { ok: false, status: 0, data: null, message: t.messages.communicationFailed, errors: null };
    }
  }

  return {
    request,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, query ? { query } : {}),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    delete: <T>(path: string) => request<T>('DELETE', path),
    /** Called on any 401 so the session context can drop a session the server no longer honours. */
    onUnauthorized(listener: UnauthorizedListener): () => void {
      unauthorizedListeners.add(listener);
      return () => unauthorizedListeners.delete(listener);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient();
