/**
 * The local stand-in for CloudFront + API Gateway: API paths become HTTP API (payload v2) events
 * for the handlers of the route table, everything else is the SPA from frontend/dist.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { MESSAGES } from '../../functions/shared/messages';
import { errorBody } from '../../functions/shared/errors';
import { matchAcceptLanguage } from '../../functions/shared/i18n/index';
import { findRoute as findTableRoute, isApiRequest, type RouteDef } from '../../functions/routes';
import { isKnownPagePath } from '../../frontend/src/page-routes';
import { MAIL_PAGE_PATH, type LocalMailServer } from './mail-server';

export type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface GatewayOptions {
  /** Built SPA to serve (frontend/dist); without it only the API answers. */
  staticDir?: string;
  /** Repository root the route table's handler paths are relative to. */
  rootDir?: string;
  /** Route lookup; tests inject fake routes here. Defaults to the route table. */
  findRoute?: (method: string, path: string) => { route: RouteDef; params: Record<string, string> } | null;
  /** Handler loader; defaults to importing `route.handler` below rootDir. */
  loadHandler?: (route: RouteDef) => Promise<RouteHandler>;
  /** Largest request body accepted; larger ones get 413. */
  maxBodyBytes?: number;
  /** Where to write one line per API request; silent when absent. */
  accessLog?: (line: string) => void;
  /** Lambda timeout reported by `context.getRemainingTimeInMillis()`. */
  timeoutMs?: number;
  /** Where a handler's unexpected error goes (the client only sees the fixed 500); stderr by default. */
  onError?: (error: unknown, route: RouteDef) => void;
  /** The local SMTP server (lib/local/mail-server.ts): its reading page is served at MAIL_PAGE_PATH. */
  mail?: Pick<LocalMailServer, 'handle'>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_MAX_BODY = 1024 * 1024;
const LOCAL_ACCOUNT = '000000000000';

/** Same policy as the CloudFront response headers policy of the deployed stack (minus HSTS: no TLS here). */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** API Gateway passes these as text; any other body reaches the handler base64-encoded. */
const isTextContentType = (type: string | undefined) =>
  !type || /^(text\/|application\/(json|[\w.+-]+\+json|x-www-form-urlencoded|xml|javascript))/i.test(type);

class PayloadTooLargeError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new PayloadTooLargeError());
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        fail(new PayloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => done(Buffer.concat(chunks)));
    req.once('error', fail);
  });
}

/** `12/Mar/2020:19:03:58 +0000`, the format of `requestContext.time`. */
function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

const sourceIpOf = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

interface EventInput {
  req: IncomingMessage;
  route: RouteDef;
  params: Record<string, string>;
  body: Buffer;
  requestId: string;
  now: Date;
}

/** Builds the event API Gateway HTTP API (payload format 2.0) would hand to the Lambda. */
function buildEvent({ req, route, params, body, requestId, now }: EventInput): APIGatewayProxyEventV2 {
  const rawUrl = req.url ?? '/';
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const rawQueryString = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
  const sourceIp = sourceIpOf(req);

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // CloudFront appends the viewer address; API Gateway adds the forwarding headers.
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${sourceIp}` : sourceIp;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-port'] = String(req.socket.localPort ?? '');

  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader
    ? cookieHeader
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : [];

  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    // API Gateway joins repeated parameters with commas.
    query[name] = name in query ? `${query[name]},${value}` : value;
  }

  const host = req.headers.host ?? 'localhost';
  const text = isTextContentType(req.headers['content-type']);
  const routeKey = `${route.method} ${route.path}`;

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT,
      apiId: 'local',
      domainName: host.replace(/:\d+$/, ''),
      domainPrefix: host.split('.')[0]!.replace(/:\d+$/, ''),
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
}

function buildContext(route: RouteDef, requestId: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const functionName = `kintai-local-${route.name}`;
  const unsupported = () => {
    throw new Error('Lambda callback-style completion is not supported: return a value from the handler');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:ap-northeast-1:${LOCAL_ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** HTTP API accepts a bare value as "200, JSON"; a structured result is taken as it is. */
function normalizeResult(result: APIGatewayProxyResultV2): APIGatewayProxyStructuredResultV2 {
  if (result !== null && typeof result === 'object' && 'statusCode' in result) {
    return result as APIGatewayProxyStructuredResultV2;
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: typeof result === 'string' ? result : JSON.stringify(result),
  };
}

function sendJson(res: ServerResponse, status: number, payload: unknown, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

function writeResult(res: ServerResponse, method: string, result: APIGatewayProxyStructuredResultV2): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined && value !== null) res.setHeader(name, String(value));
  }
  if (result.cookies?.length) {
    const existing = res.getHeader('set-cookie');
    const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    res.setHeader('set-cookie', [...before, ...result.cookies]);
  }
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  res.setHeader('content-length', body.length);
  res.statusCode = result.statusCode ?? 200;
  res.end(method === 'HEAD' ? undefined : body);
}

const handlerCache = new Map<string, Promise<RouteHandler>>();

function importHandler(rootDir: string) {
  return (route: RouteDef): Promise<RouteHandler> => {
    const file = resolve(rootDir, route.handler);
    let loading = handlerCache.get(file);
    if (!loading) {
      loading = import(pathToFileURL(file).href).then((mod: { handler?: unknown }) => {
        if (typeof mod.handler !== 'function') throw new Error(`${route.handler} does not export handler`);
        return mod.handler as RouteHandler;
      });
      // A failed import (syntax error while editing) is retried on the next request.
      loading.catch(() => handlerCache.delete(file));
      handlerCache.set(file, loading);
    }
    return loading;
  };
}

type ResolvedOptions = Required<Omit<GatewayOptions, 'staticDir' | 'accessLog' | 'mail'>> &
  Pick<GatewayOptions, 'staticDir' | 'accessLog'>;

/** The gateway's own refusals in the error contract (issue 31), in the browser's language. */
const gatewayError = (req: IncomingMessage, status: number, message: string) =>
  errorBody(status, message, undefined, matchAcceptLanguage(req.headers['accept-language']));

async function serveApi(req: IncomingMessage, res: ServerResponse, path: string, opts: ResolvedOptions) {
  const method = req.method ?? 'GET';
  const started = Date.now();
  const match = opts.findRoute(method, path);
  const log = (status: number) => opts.accessLog?.(`${method} ${req.url} ${status} ${Date.now() - started}ms`);
  if (!match) {
    req.resume();
    sendJson(res, 404, gatewayError(req, 404, MESSAGES.notFound));
    log(404);
    return;
  }

  let body: Buffer;
  try {
    body = await readBody(req, opts.maxBodyBytes);
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    // The rest of the upload is not read: close the connection instead of draining it.
    sendJson(res, 413, gatewayError(req, 413, MESSAGES.invalidRequest), { connection: 'close' });
    log(413);
    return;
  }

  const requestId = randomUUID();
  try {
    const handler = await opts.loadHandler(match.route);
    const event = buildEvent({ req, route: match.route, params: match.params, body, requestId, now: new Date() });
    const result = normalizeResult(await handler(event, buildContext(match.route, requestId, opts.timeoutMs)));
    writeResult(res, method, result);
    log(result.statusCode ?? 200);
  } catch (error) {
    opts.onError(error, match.route);
    if (!res.headersSent) sendJson(res, 500, gatewayError(req, 500, MESSAGES.internalError));
    else res.destroy();
    log(500);
  }
}

async function fileIfExists(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string, staticDir: string | undefined) {
  const method = req.method ?? 'GET';
  req.resume();
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const notFound = (hint = 'Not Found') => {
    res.writeHead(404, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
    res.end(method === 'HEAD' ? undefined : hint);
  };
  if (!staticDir) return notFound('The SPA is not built: run `npm run build:web`.');

  const root = resolve(staticDir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return notFound();
  }
  const wanted = normalize(join(root, decoded));
  if (wanted !== root && !wanted.startsWith(root + sep)) return notFound();

  let file = wanted;
  let status = 200;
  let info = decoded.endsWith('/') ? null : await fileIfExists(file);
  if (!info) {
    // Client-side routes (`/employees/12`) have no extension and get the app shell; assets 404.
    if (extname(decoded) !== '') return notFound();
    // A path no area router knows still gets the shell (the app renders its 404 page), with a 404 status.
    if (!isKnownPagePath(decoded)) status = 404;
    file = join(root, 'index.html');
    info = await fileIfExists(file);
    if (!info) return notFound('The SPA is not built: run `npm run build:web`.');
  }

  const isAsset = decoded.startsWith('/assets/');
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': info.size,
    'last-modified': info.mtime.toUTCString(),
    // Hashed file names under /assets never change; the shell must be revalidated to pick up new ones.
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

/** Creates (does not start) the gateway server; call `listen` on it. */
export function createGateway(options: GatewayOptions = {}): Server {
  const rootDir = options.rootDir ?? REPO_ROOT;
  const opts: ResolvedOptions = {
    ...options,
    rootDir,
    findRoute: options.findRoute ?? findTableRoute,
    loadHandler: options.loadHandler ?? importHandler(rootDir),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    timeoutMs: options.timeoutMs ?? 30_000,
    onError:
      options.onError ??
      ((error, route) => console.error(`[gateway] ${route.method} ${route.path} (${route.name}) failed:`, error)),
  };
  return createServer((req, res) => {
    const target = req.url ?? '/';
    let path: string;
    try {
      // Prefixing (not resolving against a base) keeps `//x` a path instead of a host.
      path = new URL(target.startsWith('/') ? `http://local${target}` : target).pathname;
    } catch {
      req.resume();
      sendJson(res, 400, gatewayError(req, 400, MESSAGES.invalidRequest));
      return;
    }
    const method = req.method ?? 'GET';
    if (options.mail && path === MAIL_PAGE_PATH && method === 'GET') {
      options.mail.handle(req, res);
      return;
    }
    const work = isApiRequest(method, path)
      ? serveApi(req, res, path, opts)
      : serveStatic(req, res, path, opts.staticDir);
    work.catch((error: unknown) => {
      console.error(`[gateway] ${method} ${path} failed:`, error);
      if (!res.headersSent) sendJson(res, 500, gatewayError(req, 500, MESSAGES.internalError));
      else res.destroy();
    });
  });
}
