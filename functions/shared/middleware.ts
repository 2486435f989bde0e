import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { ROUTES, isStateChanging, type Role, type RolesOf, type RouteDef, type RouteName } from '../routes.js';
import { COOKIE } from './auth/cookies.js';
import { csrfMatches, sameOrigin, secretMatches } from './auth/csrf.js';
import { authenticate, isComplete, type AuthDeps, type Principal, type PrincipalOf } from './auth/session.js';
import { env } from './env.js';
import { ForbiddenError, UnauthenticatedError, ValidationError, fieldIssues, toHttp } from './errors.js';
import { fieldErrorMap } from './field-messages.js';
import { SECURITY_HEADERS, STATUS, parseCookies, type Reply } from './http.js';
import { claimKey, completeKey, idempotencyKey, idempotencyScope, releaseKey, type Claim } from './idempotency.js';
import { addLogContext, logger, withLogContext } from './logger.js';
import { newId } from './ids.js';
import { MESSAGES } from './messages.js';
import type { AuditItem, AuditSink } from '../db/audit.js';
import { callerLanguage } from '../db/languages.js';

// Field errors in the product's Japanese wording (〇〇文字以内で入力してください), like every other
// message the user sees; zod's own locale texts (無効な入力, 大きすぎる値: string…) never reach a person.
// No zod locale is imported: `z.locales` would pull every language into each Lambda bundle (~250 KB).
z.config({ localeError: fieldErrorMap });

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a route function receives: parsed, validated input and the verified caller. */
export interface ApiRequest<B, Q, P, A extends Principal | null> {
  body: B;
  query: Q;
  params: P;
  principal: A;
  cookies: Record<string, string>;
  sourceIp: string;
  event: ApiEvent;
  /** The caller's language (issue 31), for the texts of a success answer: read when asked for. */
  language: () => Promise<string>;
}

interface RouteSpec<B, Q, P> {
  body?: z.core.$ZodType<B>;
  query?: z.core.$ZodType<Q>;
  params?: z.core.$ZodType<P>;
  /** For public routes that still want to know who is calling (GET /api/v1/session). */
  optionalAuth?: boolean;
  /** Message for a 400 instead of the generic one (spec §8 names one per screen). */
  invalidMessage?: string;
  /** Replays the first answer to a retried call carrying the same `Idempotency-Key`. */
  idempotent?: boolean;
  /**
   * Records every successful call in the company's append-only audit trail under this action name.
   * Audited routes honour `Idempotency-Key` too: the key's record and the audit event complete together.
   */
  audit?: string;
  /** Largest JSON body accepted (default 64 KB); the staff import's base64 CSV file needs more. */
  maxBodyBytes?: number;
}

/**
 * The caller a route function receives, from the route table's roles: a public route gets a nullable
 * caller, any other route the principal of its roles (an employee route an employee with a company).
 */
export type CallerOf<N extends RouteName> = [RolesOf<N>] extends [never] ? Principal | null : PrincipalOf<RolesOf<N>>;

/** The routes callable by exactly these roles: the names a route function shared by several routes accepts. */
export type RouteNamesFor<R extends Role> = {
  [N in RouteName]: [RolesOf<N>] extends [R] ? ([R] extends [RolesOf<N>] ? N : never) : never;
}[RouteName];

/**
 * The runtime check behind CallerOf: a public route takes anyone, any other route only a principal
 * of its roles that has what its role promises (see isComplete).
 */
function callerCheck<N extends RouteName>(route: RouteDef): (p: Principal | null) => p is CallerOf<N> {
  return (p): p is CallerOf<N> =>
    route.roles.length === 0 ? true : p !== null && route.roles.includes(p.role) && isComplete(p);
}

/** Dependencies, replaceable in tests (default parameters, no module mocks). */
const apiDeps: { auth: AuthDeps } = { auth: {} };

const MAX_BODY_BYTES = 64 * 1024;

/** The verified caller of each event in flight: an error's body is in their language (issue 31). */
const callers = new WeakMap<ApiEvent, Principal>();

const languages = new WeakMap<ApiEvent, Promise<string>>();

/**
 * The caller's language for a success answer's texts and for an error's body, read once per event
 * (a handler that asked and then failed does not read it again); Japanese if even that lookup fails
 * (the error must still answer).
 */
function languageOf(event: ApiEvent): Promise<string> {
  let language = languages.get(event);
  if (!language) {
    language = callerLanguage(callers.get(event) ?? null, event.headers?.['accept-language']).catch(() => 'ja');
    languages.set(event, language);
  }
  return language;
}

/** What a session signed in without the pool's TOTP may still call (GET /api/v1/session is public). */
const MFA_PENDING_ROUTES: ReadonlySet<string> = new Set([
  'start-operator-mfa',
  'verify-operator-mfa',
  'sign-out-operator',
]);

function routeByName(name: string): RouteDef {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

function parseBody(event: ApiEvent, maxBytes = MAX_BODY_BYTES): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > maxBytes) throw new ValidationError();
  const type = event.headers?.['content-type'] ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new ValidationError();
  try {
    // Prototype pollution keys are refused, not silently dropped.
    return JSON.parse(raw, (key, value) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new ValidationError();
      return value;
    });
  } catch {
    throw new ValidationError();
  }
}

const NO_QUERY = z.strictObject({});

function parseWith<T>(schema: z.core.$ZodType<T> | undefined, value: unknown, message: string): T {
  if (!schema) return {} as T;
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw new ValidationError(message, fieldIssues(result.error));
  }
  return result.data;
}

function result(statusCode: number, body: unknown, cookies: string[] = [], retryAfterSeconds?: number): ApiResult {
  return {
    statusCode,
    headers: {
      ...SECURITY_HEADERS,
      ...(retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),
    },
    ...(cookies.length ? { cookies } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/**
 * The audit event of a successful change the route did not already commit in its own transaction:
 * the route's own before/after when it gives them, else the validated request as the change and the
 * answer as the result. Written with the idempotency record's completion when the call has a key;
 * without one, on its own after the change (a failure is a 500, the caller retries with a key).
 */
function auditEvent(
  audit: typeof import('../db/audit.js'),
  sink: AuditSink,
  principal: Principal,
  params: unknown,
  reply: Reply,
): AuditItem | undefined {
  if (sink.state === 'written') return undefined;
  const given = reply.audit ?? {};
  const data = reply.data as { id?: unknown } | undefined;
  const companyId = given.companyId ?? principal.companyId;
  if (!companyId) return undefined;
  return audit.auditItem({
    companyId,
    action: sink.action,
    actor: principal,
    targetId: given.targetId ?? (params as { id?: string }).id ?? (typeof data?.id === 'string' ? data.id : undefined),
    before: given.before,
    after: given.after ?? { request: sink.request, result: reply.data ?? null },
  });
}

/**
 * The shared middleware bundle. Order: validate env → authenticate (401) → authorise by the route
 * table's roles (403) → CSRF double-submit on state-changing calls (403) → parse and validate input
 * with zod (400) → route function → JSON reply. Errors go through the one mapping table; unknown
 * errors answer a fixed 500 and only the log sees the stack.
 */
export function api<
  const N extends RouteName,
  B = Record<string, never>,
  Q = Record<string, never>,
  P = Record<string, never>,
>(routeName: N, spec: RouteSpec<B, Q, P>, fn: (req: ApiRequest<B, Q, P, CallerOf<N>>) => Promise<Reply>) {
  const route = routeByName(routeName);
  const isCaller = callerCheck<N>(route);
  const core = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const { ORIGIN_VERIFY_SECRET } = env();
    // The API is reachable only through CloudFront (and its WAF): the execute-api URL lacks this header.
    if (ORIGIN_VERIFY_SECRET && !secretMatches(ORIGIN_VERIFY_SECRET, event.headers?.['x-origin-verify'])) {
      throw new ForbiddenError();
    }
    const cookies = parseCookies(event.cookies, event.headers?.cookie);
    let principal: Principal | null = null;
    const extraCookies: string[] = [];

    if (route.roles.length > 0 || spec.optionalAuth) {
      const auth = await authenticate(cookies, apiDeps.auth);
      if (auth) {
        principal = auth.principal;
        callers.set(event, principal);
        extraCookies.push(...auth.cookies);
        // Ids only (never the e-mail or name): every later line of this request carries them.
        addLogContext({ company_id: principal.companyId ?? undefined, user_id: principal.userId ?? principal.sub });
      }
      if (route.roles.length > 0) {
        if (!principal) throw new UnauthenticatedError();
        if (!route.roles.includes(principal.role)) throw new ForbiddenError();
        // MFA enforced by the API (PoolMfa): before enrolling TOTP, only enrolment and sign-out.
        if (principal.mfaPending && !MFA_PENDING_ROUTES.has(route.name))
          throw new ForbiddenError(MESSAGES.mfaEnrolmentRequired);
      }
    }
    if (isStateChanging(route.method)) {
      // Same-origin browsers only, and a token bound to this browser's session cookie.
      if (!sameOrigin(event.headers)) throw new ForbiddenError(MESSAGES.csrfFailed);
      if (!csrfMatches(cookies[COOKIE.csrf], event.headers?.['x-csrf-token'], cookies[COOKIE.session])) {
        throw new ForbiddenError(MESSAGES.csrfFailed);
      }
    }

    const invalid = spec.invalidMessage ?? MESSAGES.invalidRequest;
    const body = parseWith(
      spec.body,
      isStateChanging(route.method) ? parseBody(event, spec.maxBodyBytes) : {},
      invalid,
    );
    // As strict as bodies (issue 30 item 10): a route without query parameters refuses any, as a route's
    // own schema refuses those it does not know.
    const query = parseWith(
      spec.query ?? (NO_QUERY as unknown as z.core.$ZodType<Q>),
      event.queryStringParameters ?? {},
      invalid,
    );
    const params = parseWith(spec.params, event.pathParameters ?? {}, invalid);

    // Authorised above; this also proves the principal's shape to the type of the route function.
    if (!isCaller(principal)) {
      logger.error('principal lacks what its role promises', { route: route.name, role: principal?.role });
      throw new Error('principal does not fit the route');
    }

    // Idempotency and audit, one mechanism (functions/shared/idempotency.ts, functions/db/audit.ts).
    const key = (spec.idempotent || spec.audit) && principal ? idempotencyKey(event.headers) : undefined;
    let claim: Claim | undefined;
    if (key && principal) {
      const claimed = await claimKey(
        idempotencyScope(principal),
        key,
        route.name,
        body,
        params,
        context?.awsRequestId || newId(),
      );
      if (!('owner' in claimed)) return result(claimed.status, claimed.body, extraCookies);
      claim = claimed;
    }
    const audit = spec.audit && principal ? await import('../db/audit.js') : undefined;
    const sink: AuditSink | undefined =
      audit && principal
        ? {
            action: spec.audit!,
            actor: principal,
            request: body,
            targetId: (params as { id?: string }).id,
            state: 'open',
          }
        : undefined;

    let reply: Reply;
    try {
      const request = {
        body,
        query,
        params,
        principal,
        cookies,
        sourceIp: event.requestContext?.http?.sourceIp ?? '',
        event,
        language: () => languageOf(event),
      };
      reply = audit ? await audit.withAuditSink(sink, () => fn(request)) : await fn(request);
    } catch (error) {
      if (claim && sink?.state === 'written') {
        // The change and its audit event committed, then a follow-up failed: a retry must not apply the
        // change again, so it gets this failure's answer (the screen, reloaded, shows the change).
        const mapped = toHttp(error, await languageOf(event));
        await completeKey(claim, { status: mapped.statusCode, body: mapped.body }).catch(() => undefined);
      } else if (claim) {
        // Nothing committed: free the key for a retry.
        await releaseKey(claim);
      }
      throw error;
    }
    const status = STATUS[reply.status];
    const payload =
      reply.status === 'noContent'
        ? undefined
        : {
            data: reply.data ?? null,
            ...(reply.nextCursor === undefined ? {} : { next_cursor: reply.nextCursor }),
          };
    const owed = audit && sink && principal ? auditEvent(audit, sink, principal, params, reply) : undefined;
    if (claim) await completeKey(claim, { status, body: payload }, owed);
    else if (audit && owed) await audit.writeAuditItem(owed);
    return result(status, payload, [...extraCookies, ...(reply.cookies ?? [])]);
  };

  const handler = middy<ApiEvent, ApiResult>(core).use({
    onError: async (request) => {
      const mapped = toHttp(request.error, await languageOf(request.event));
      if (mapped.log) {
        logger.error('request failed', { status: mapped.statusCode, error: request.error as Error });
      } else {
        logger.info('request refused', { status: mapped.statusCode });
      }
      request.response = result(mapped.statusCode, mapped.body, [], mapped.retryAfterSeconds);
    },
  });
  // Every log line of the invocation, however deep, carries both request ids and the route.
  return (event: ApiEvent, context: Context): Promise<ApiResult> =>
    withLogContext(
      { api_request_id: event.requestContext?.requestId, lambda_request_id: context?.awsRequestId, route: route.name },
      () => handler(event, context),
    );
}

export type { Principal };
