/**
 * One structured logger: a JSON object per line (level, message, timestamp, service, fields), the
 * shape CloudWatch Logs Insights queries. Never log request bodies, cookies, tokens, e-mail addresses
 * or phone numbers: log ids and outcomes only.
 *
 * Hand-written rather than @aws-lambda-powertools/logger: the four methods below are all the functions
 * use, and the library added ~24 KB and ~10 ms to every cold start (test/bench/cold-start.ts).
 */
const LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 } as const;
export type LogLevel = keyof typeof LEVELS;

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
    const entry: Record<string, unknown> = { level, message, timestamp: new Date().toISOString(), service: this.service };
    const trace = process.env._X_AMZN_TRACE_ID;
    if (trace) entry.xray_trace_id = trace.split(';')[0]!.replace(/^Root=/, '');
    for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      // A circular or BigInt field must not turn a log call into a failure.
      line = JSON.stringify({ level, message, timestamp: entry.timestamp, service: this.service, unserialisable: true });
    }
    // stdout/stderr directly: on Lambda, console.* would prefix each line and break the JSON.
    (level === 'ERROR' || level === 'WARN' ? process.stderr : process.stdout).write(`${line}\n`);
  }
}

export const logger = new JsonLogger('kintai');
