/**
 * A small cookie-jar HTTP client for API tests, on global fetch. It behaves like the SPA: keeps the
 * cookies the server sets and echoes the readable `__Host-csrf` cookie in `X-CSRF-Token`.
 */
interface RequestOptions {
  /** Send `X-CSRF-Token` from the `__Host-csrf` cookie (default true; false to test the rejection). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

/**
 * The default type of a response body: JSON the tests probe by path (`res.body.data.staff[0].name`)
 * and assert on. Typing each of the API's answers here would duplicate the route views; a test that
 * wants the type names it (`client.get<MonthView>(...)`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON probed by tests, see above
type JsonBody = any;

export interface HttpResponse<T = JsonBody> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, the text otherwise. */
  body: T;
  /** Raw Set-Cookie values of this response. */
  cookies: string[];
}

export interface HttpClient {
  get<T = JsonBody>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T = JsonBody>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T = JsonBody>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T = JsonBody>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  /** Current jar contents (name → value). */
  readonly cookies: Map<string, string>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string): void;
  clearCookies(): void;
}

/** Applies one Set-Cookie header to the jar (expired or emptied cookies are removed). */
function store(jar: Map<string, string>, header: string): void {
  const [pair = '', ...attributes] = header.split(';');
  const at = pair.indexOf('=');
  if (at <= 0) return;
  const name = pair.slice(0, at).trim();
  const value = pair.slice(at + 1).trim();
  const expired = attributes.some((raw) => {
    const [key = '', val = ''] = raw.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
    if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
    return false;
  });
  if (expired) jar.delete(name);
  else jar.set(name, value);
}

export function createHttpClient(baseUrl: string): HttpClient {
  const jar = new Map<string, string>();

  async function send<T>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = jar.get('__Host-csrf');
    if (options.csrf !== false && csrf !== undefined) headers['x-csrf-token'] = decodeURIComponent(csrf);
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }

    const res = await fetch(new URL(path, baseUrl), { method, headers, body: payload, redirect: 'manual' });
    const cookies = res.headers.getSetCookie();
    for (const header of cookies) store(jar, header);
    const text = await res.text();
    const isJson = /\bjson\b/.test(res.headers.get('content-type') ?? '');
    return { status: res.status, headers: res.headers, body: (isJson && text ? JSON.parse(text) : text) as T, cookies };
  }

  return {
    get: (path, options) => send('GET', path, undefined, options),
    post: (path, body, options) => send('POST', path, body, options),
    put: (path, body, options) => send('PUT', path, body, options),
    delete: (path, body, options) => send('DELETE', path, body, options),
    cookies: jar,
    cookie: (name) => jar.get(name),
    setCookie: (name, value) => void jar.set(name, value),
    clearCookies: () => jar.clear(),
  };
}
