// zod/mini's error class, imported by name: `z.core.$ZodError` from `import * as z` makes esbuild
// bundle all of zod's core and every locale (~400 KB). Classic zod's ZodError is an instance of it too.
import { $ZodError } from 'zod/v4/core';
import { MESSAGES } from './messages.js';
import {
  DEFAULT_LANGUAGE,
  codeOfJapanese,
  formatMessage,
  parseCodeText,
  type MessageCode,
  type MessageParams,
} from './i18n/index.js';

/** A catalogue message by its code (issue 31): what new throw sites give instead of a sentence. */
interface Coded {
  code: MessageCode;
  params?: MessageParams;
}
/**
 * A message as thrown: a catalogue code, a code as a string (`codeText`: zod schemas' messages), or
 * (sites not moved yet) a Japanese sentence of the catalogue.
 */
export type Thrown = string | Coded;

/** A thrown message's code and params, when it names one. */
const codedOf = (m: Thrown) => (typeof m === 'string' ? parseCodeText(m) : { code: m.code, params: m.params ?? {} });

const japanese = (m: Thrown) => {
  const coded = codedOf(m);
  return coded ? formatMessage(DEFAULT_LANGUAGE, coded.code, coded.params) : (m as string);
};

/**
 * Typed errors thrown by route and domain code. One table (toHttp) turns every error, including zod,
 * ElectroDB and AWS SDK errors, into a status, a stable code with its params and a message in the
 * caller's language. Unknown errors become a fixed 500. `message` stays the Japanese text (logs, and
 * today's callers that read it).
 */
export class HttpError extends Error {
  readonly code?: MessageCode;
  readonly params?: MessageParams;
  /** Field → messages, in Japanese (as thrown, or the coded ones rendered). */
  readonly errors?: Record<string, string[]>;
  /** The field errors as thrown, codes kept (rendered per caller by toHttp). */
  readonly fieldErrors?: Record<string, Thrown[]>;
  constructor(
    readonly statusCode: number,
    message: Thrown,
    errors?: Record<string, Thrown[]>,
    options?: { cause?: unknown },
  ) {
    super(japanese(message), options);
    if (typeof message !== 'string') {
      this.code = message.code;
      this.params = message.params ?? {};
    }
    if (errors) {
      this.fieldErrors = errors;
      this.errors = Object.fromEntries(Object.entries(errors).map(([k, list]) => [k, list.map(japanese)]));
    }
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: Thrown = MESSAGES.invalidRequest, errors?: Record<string, Thrown[]>) {
    super(400, message, errors);
  }
}
export class UnauthenticatedError extends HttpError {
  constructor(message: Thrown = MESSAGES.unauthenticated) {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: Thrown = MESSAGES.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: Thrown = MESSAGES.resourceNotFound) {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: Thrown = MESSAGES.conflict, errors?: Record<string, Thrown[]>) {
    super(409, message, errors);
  }
}
/**
 * 409 of a company sign-in whose password opens accounts of several companies (issue 30 item 3): the
 * answer names a machine-readable `code` and the companies to choose from (those whose account took the
 * password, and no other); the client signs in again with the chosen `company_code`.
 */
export class CompanyChoiceRequiredError extends ConflictError {
  constructor(
    message: Thrown,
    readonly companies: readonly { company_code: string; company_name: string }[],
  ) {
    super(message);
  }
}
/** 429 with the seconds the client should wait (the `Retry-After` header). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: Thrown = MESSAGES.tooManyRequests,
    readonly retryAfterSeconds: number = 1,
  ) {
    super(429, message);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor() {
    super(503, MESSAGES.serviceUnavailable);
  }
}

/** One field's error (issue 31 contract). */
interface FieldError {
  name: string;
  code: MessageCode;
  params: MessageParams;
  message: string;
}

/**
 * Every 4xx/5xx body (issue 31 contract): `code` (`area.reason`) and `params` for programs, `message`
 * in the caller's language for people, `fields` per field. `errors` (field → messages, in the same
 * language) stays beside `fields` until the SPA no longer reads it.
 */
export interface HttpErrorBody {
  code: MessageCode;
  params: MessageParams;
  message: string;
  fields: FieldError[];
  errors?: Record<string, string[]>;
  /** The sign-in's company choice (code `sign_in.company_required`): the companies the password opens. */
  companies?: readonly { company_code: string; company_name: string }[];
}

/** The code a status falls back to when a thrown sentence is not (yet) in the catalogue. */
function fallbackCode(statusCode: number): MessageCode {
  if (statusCode === 401) return 'auth.unauthenticated';
  if (statusCode === 403) return 'auth.forbidden';
  if (statusCode === 404) return 'request.not_found';
  if (statusCode === 409) return 'request.conflict';
  if (statusCode === 429) return 'request.too_many';
  if (statusCode === 503) return 'request.service_unavailable';
  if (statusCode >= 500) return 'request.internal_error';
  return 'request.invalid';
}

/**
 * A thrown message in `language`: its code and params, and the text from that language's catalogue.
 * A Japanese sentence not in the catalogue keeps its own words in Japanese and takes the fallback's
 * code and text in other languages (test/integration/error-contract.test.ts lists any it meets).
 */
function rendered(thrown: Thrown, fallback: MessageCode, language: string) {
  const coded = codedOf(thrown) ?? codeOfJapanese(thrown as string);
  if (coded) return { ...coded, message: formatMessage(language, coded.code, coded.params) };
  return {
    code: fallback,
    params: {},
    message: language === DEFAULT_LANGUAGE ? (thrown as string) : formatMessage(language, fallback),
  };
}

/**
 * One message as the caller reads it outside an error body (a preview's row problems, a job's failed
 * rows): a code in `language`; a sentence not moved to a code yet (or stored before) as it is.
 */
export function renderMessage(thrown: Thrown, language: string = DEFAULT_LANGUAGE): string {
  const coded = codedOf(thrown) ?? codeOfJapanese(thrown as string);
  return coded ? formatMessage(language, coded.code, coded.params) : (thrown as string);
}

/** The body of an error with this status, message and field errors, in `language`. */
export function errorBody(
  statusCode: number,
  thrown: Thrown | HttpError,
  errors: Record<string, Thrown[]> | undefined,
  language: string = DEFAULT_LANGUAGE,
): HttpErrorBody {
  const top =
    thrown instanceof HttpError
      ? thrown.code
        ? rendered({ code: thrown.code, params: thrown.params }, fallbackCode(statusCode), language)
        : rendered(thrown.message, fallbackCode(statusCode), language)
      : rendered(thrown, fallbackCode(statusCode), language);
  const fields: FieldError[] = [];
  const byName: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(errors ?? {})) {
    for (const item of list) {
      const field = rendered(item, 'field.invalid', language);
      fields.push({ name, ...field });
      (byName[name] ??= []).push(field.message);
    }
  }
  return { ...top, fields, ...(errors ? { errors: byName } : {}) };
}

/**
 * Zod issues → `{ "user.email": [...] }` as given: codes (`codeText`) that HttpError and toHttp
 * render in the caller's language.
 */
export function fieldIssues(error: $ZodError): Record<string, Thrown[]> {
  const out: Record<string, Thrown[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Zod issues → `{ "user.email": ["..."] }` in Japanese, the shape the SPA shows next to fields. */
export function fieldErrors(error: $ZodError): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fieldIssues(error)).map(([k, list]) => [k, list.map(japanese)]));
}

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'LimitExceededException',
]);
const UNAVAILABLE = new Set(['ServiceUnavailable', 'InternalServerError', 'InternalErrorException', 'TimeoutError']);

/** The AWS error name, also when ElectroDB has wrapped the SDK error in its own. */
export function awsErrorName(error: unknown): string {
  const e = error as { name?: string; cause?: { name?: string } } | null;
  if (e?.name === 'ElectroError' && e.cause?.name) return e.cause.name;
  return e?.name ?? '';
}

/** The one mapping table: every error → status + body. `log` says whether it is worth a stack trace. */
export function toHttp(
  error: unknown,
  language: string = DEFAULT_LANGUAGE,
): {
  statusCode: number;
  body: HttpErrorBody;
  log: boolean;
  /** Every 429 says how long to wait (`Retry-After`, whole seconds). */
  retryAfterSeconds?: number;
} {
  if (error instanceof TooManyRequestsError) {
    return {
      statusCode: 429,
      body: errorBody(429, error, undefined, language),
      log: false,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof HttpError) {
    const body = errorBody(error.statusCode, error, error.fieldErrors, language);
    if (error instanceof CompanyChoiceRequiredError) body.companies = error.companies;
    return { statusCode: error.statusCode, body, log: error.statusCode >= 500 && error.statusCode !== 501 };
  }
  if (error instanceof $ZodError) {
    return {
      statusCode: 400,
      body: errorBody(400, MESSAGES.invalidRequest, fieldIssues(error), language),
      log: false,
    };
  }
  const e = error as { name?: string; statusCode?: number; code?: string; $metadata?: unknown } | null;
  // middy's own errors (malformed JSON, unsupported media type) carry a 4xx statusCode.
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && !e.$metadata) {
    return { statusCode: 400, body: errorBody(400, MESSAGES.invalidRequest, undefined, language), log: false };
  }
  const name = awsErrorName(error);
  if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') {
    return { statusCode: 409, body: errorBody(409, MESSAGES.conflict, undefined, language), log: false };
  }
  if (THROTTLING.has(name)) {
    return {
      statusCode: 429,
      body: errorBody(429, MESSAGES.tooManyRequests, undefined, language),
      log: true,
      retryAfterSeconds: 1,
    };
  }
  if (UNAVAILABLE.has(name)) {
    return { statusCode: 503, body: errorBody(503, MESSAGES.serviceUnavailable, undefined, language), log: true };
  }
  return { statusCode: 500, body: errorBody(500, MESSAGES.internalError, undefined, language), log: true };
}
