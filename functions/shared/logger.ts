import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One structured logger: a JSON object per line (level, message, timestamp, service, fields), the
 * shape CloudWatch Logs Insights queries. Never log request bodies, cookies, tokens, e-mail addresses
 * or phone numbers: log ids and outcomes only.
 *
 * Every line written while a request or job runs carries that invocation's context (see LogContext),
 * however deep in services or db code it is written, so one user's failing call can be found.
 *
 * Hand-written rather than @aws-lambda-powertools/logger: the four methods below are all the functions
 * use, and the library added 19.7 KB and ~7 ms CPU to a route's cold start (test/bench/logger-choice.ts,
 * README "Logger: the small one") while its context is process-wide rather than per request.
 */
const LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 } as const;
type LogLevel = keyof typeof LEVELS;

const levelOf = (name: string | undefined): LogLevel => {
  const upper = name?.toUpperCase();
  return upper && upper in LEVELS ? (upper as LogLevel) : 'INFO';
};

/** Errors keep their name, message and stack (which JSON.stringify would drop). */
function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    const { name, message, stack } = value;
    const cause = (value as { cause?: unknown }).cause;
    return { name, message, stack, ...(cause !== undefined ? { cause: serialise(cause) } : {}) };
  }
  return value;
}

/**
 * Ids of the invocation a line belongs to: ids only, never e-mail, names, tokens or cookies.
 * `api_request_id` is API Gateway's (`requestContext.requestId`, also in the access log);
 * `lambda_request_id` is the Lambda invocation's (`context.awsRequestId`, also in the REPORT line).
 */
export interface LogContext {
  api_request_id?: string | undefined;
  lambda_request_id?: string | undefined;
  route?: string | undefined;
  company_id?: string | undefined;
  user_id?: string | undefined;
  /** Background work: the export job or the grant run a line belongs to. */
  job?: string | undefined;
  job_id?: string | undefined;
}

/**
 * Request-scoped, not module-level: Lambda runs one invocation at a time per process, but the local
 * gateway runs many handlers concurrently in one process, and AsyncLocalStorage keeps them apart.
 */
const contexts = new AsyncLocalStorage<LogContext>();

/**
 * Runs `fn` with its own log context: every line written during it (awaits included) carries these
 * ids, on top of the enclosing context's (a job run for one company inside the job's run).
 */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  const merged: LogContext = { ...contexts.getStore() };
  for (const [key, value] of Object.entries(context))
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  return contexts.run(merged, fn);
}

/** Adds ids learnt along the way (the caller's company and user, once authenticated). */
export function addLogContext(fields: LogContext): void {
  const current = contexts.getStore();
  if (!current) return;
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) (current as Record<string, unknown>)[key] = value;
}

export const logContext = (): Readonly<LogContext> | undefined => contexts.getStore();

class JsonLogger {
  #level: LogLevel = levelOf(process.env.LOG_LEVEL);

  constructor(private readonly service: string) {}

  getLevelName(): LogLevel {
    return this.#level;
  }

  setLogLevel(level: string): void {
    this.#level = levelOf(level);
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.#write('DEBUG', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#write('INFO', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#write('WARN', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#write('ERROR', message, fields);
  }

  #write(level: Exclude<LogLevel, 'SILENT'>, message: string, fields: Record<string, unknown> = {}): void {
    if (LEVELS[level] < LEVELS[this.#level]) return;
    const entry: Record<string, unknown> = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.service,
    };
    const trace = process.env._X_AMZN_TRACE_ID;
    if (trace) entry.xray_trace_id = trace.split(';')[0]!.replace(/^Root=/, '');
    const context = contexts.getStore();
    if (context) for (const [key, value] of Object.entries(context)) if (value !== undefined) entry[key] = value;
    for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      // A circular or BigInt field must not turn a log call into a failure.
      line = JSON.stringify({
        level,
        message,
        timestamp: entry.timestamp,
        service: this.service,
        unserialisable: true,
      });
    }
    // stdout/stderr directly: on Lambda, console.* would prefix each line and break the JSON.
    (level === 'ERROR' || level === 'WARN' ? process.stderr : process.stdout).write(`${line}\n`);
  }
}

export const logger = new JsonLogger('kintai');
