// zod/mini's error class, imported by name: `z.core.$ZodError` from `import * as z` makes esbuild
// bundle all of zod's core and every locale (~400 KB). Classic zod's ZodError is an instance of it too.
import { $ZodError } from 'zod/v4/core';
import { MESSAGES } from './messages.js';

/**
 * Typed errors thrown by route and domain code. One table (toHttp) turns every error, including zod,
 * ElectroDB and AWS SDK errors, into a status and a Japanese message. Unknown errors become a fixed 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string = MESSAGES.invalidRequest, errors?: Record<string, string[]>) {
    super(400, message, errors);
  }
}
export class UnauthenticatedError extends HttpError {
  constructor(message: string = MESSAGES.unauthenticated) {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string = MESSAGES.resourceNotFound) {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string = MESSAGES.conflict, errors?: Record<string, string[]>) {
    super(409, message, errors);
  }
}
/**
 * 409 of a company sign-in whose password opens accounts of several companies (issue 30 item 3): the
 * answer names a machine-readable `code` and the companies to choose from (those whose account took the
 * password, and no other); the client signs in again with the chosen `company_code`.
 */
export class CompanyChoiceRequiredError extends ConflictError {
  readonly code = 'sign_in.company_required';
  constructor(
    message: string,
    readonly companies: readonly { company_code: string; company_name: string }[],
  ) {
    super(message);
  }
}
/** 429 with the seconds the client should wait (the `Retry-After` header). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string = MESSAGES.tooManyRequests,
    readonly retryAfterSeconds: number = 1,
  ) {
    super(429, message);
  }
}
export class NotImplementedError extends HttpError {
  constructor() {
    super(501, MESSAGES.notImplemented);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor() {
    super(503, MESSAGES.serviceUnavailable);
  }
}

export interface HttpErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  /** A machine-readable reason, where the client acts on it (the sign-in's company choice). */
  code?: string;
  companies?: readonly { company_code: string; company_name: string }[];
}

/** Zod issues → `{ "user.email": ["..."] }`, the shape the SPA shows next to fields. */
export function fieldErrors(error: $ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
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
export function toHttp(error: unknown): {
  statusCode: number;
  body: HttpErrorBody;
  log: boolean;
  /** Every 429 says how long to wait (`Retry-After`, whole seconds). */
  retryAfterSeconds?: number;
} {
  if (error instanceof TooManyRequestsError) {
    return {
      statusCode: 429,
      body: { message: error.message },
      log: false,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof HttpError) {
    const body: HttpErrorBody = { message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error instanceof CompanyChoiceRequiredError)
      Object.assign(body, { code: error.code, companies: error.companies });
    return { statusCode: error.statusCode, body, log: error.statusCode >= 500 && error.statusCode !== 501 };
  }
  if (error instanceof $ZodError) {
    return { statusCode: 400, body: { message: MESSAGES.invalidRequest, errors: fieldErrors(error) }, log: false };
  }
  const e = error as { name?: string; statusCode?: number; code?: string; $metadata?: unknown } | null;
  // middy's own errors (malformed JSON, unsupported media type) carry a 4xx statusCode.
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && !e.$metadata) {
    return { statusCode: 400, body: { message: MESSAGES.invalidRequest }, log: false };
  }
  const name = awsErrorName(error);
  if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') {
    return { statusCode: 409, body: { message: MESSAGES.conflict }, log: false };
  }
  if (THROTTLING.has(name)) {
    return { statusCode: 429, body: { message: MESSAGES.tooManyRequests }, log: true, retryAfterSeconds: 1 };
  }
  if (UNAVAILABLE.has(name)) {
    return { statusCode: 503, body: { message: MESSAGES.serviceUnavailable }, log: true };
  }
  return { statusCode: 500, body: { message: MESSAGES.internalError }, log: true };
}
