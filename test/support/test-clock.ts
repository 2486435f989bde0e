/**
 * The tests' clock. No test reads the real date (STYLE.md habit 21): the integration and e2e setup
 * (setup-stack-env.ts) pins the domain clock (functions/shared/clock.ts) of every handler in the
 * process — sources and Lambda bundles alike — to `TEST_TODAY` at `TEST_TIME` in Asia/Tokyo, and each
 * browser page starts at the same instant (browser.ts). From there the clock runs on in real time, so
 * instants keep their order and TTLs and polls behave as on any day.
 *
 *   KINTAI_TEST_TODAY=2026-11-28 npm test      # the whole suite on a Saturday
 *   KINTAI_TEST_TODAY=2026-11-23 KINTAI_TEST_TIME=23:50 npx vitest run test/e2e/break-punches.test.ts
 *
 * A test whose scenario needs a certain kind of day (a weekday with a schedule, a month with a
 * closed predecessor…) pins its own instant with `pinClock` / `scenarioClock`; a test that reads
 * "today" takes it from `testToday()`, which follows the pinned clock. test/dates/ runs the suites that
 * depend on the ambient date (DATE_SENSITIVE_SUITES) on a Saturday, a Sunday, a national holiday and
 * the first and last day of a month.
 */
import { clock } from '../../functions/shared/clock.js';

const TEST_ZONE = 'Asia/Tokyo';

/** An ordinary Wednesday: the date the suite runs on unless KINTAI_TEST_TODAY says otherwise. */
const DEFAULT_TEST_TODAY = '2026-11-25';
const DEFAULT_TEST_TIME = '10:00';

/**
 * The days test/dates/ runs the date-sensitive suites on (issue 29 item 1): the days a suite written on
 * a weekday breaks on.
 */
export const AWKWARD_DATES = {
  saturday: '2026-11-28',
  sunday: '2026-11-29',
  /** 勤労感謝の日 (a Monday). */
  nationalHoliday: '2026-11-23',
  lastOfMonth: '2026-11-30',
  firstOfMonth: '2026-12-01',
} as const;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function fromEnv(name: string, fallback: string, shape: RegExp): string {
  const value = process.env[name]?.trim() || fallback;
  if (!shape.test(value)) throw new Error(`${name}=${value}: expected ${shape === DATE ? 'YYYY-MM-DD' : 'HH:MM'}`);
  return value;
}

export const TEST_TODAY = fromEnv('KINTAI_TEST_TODAY', DEFAULT_TEST_TODAY, DATE);
const TEST_TIME = fromEnv('KINTAI_TEST_TIME', DEFAULT_TEST_TIME, TIME);

/** The instant of a Tokyo wall-clock time: `tokyo('2026-11-25', '09:00')` → 2026-11-25T00:00:00.000Z. */
export function tokyo(date: string, hhmm = '00:00'): Date {
  return new Date(`${date}T${hhmm}:00+09:00`);
}

/** The Tokyo calendar date of an instant. */
export function tokyoDate(instant: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: TEST_ZONE }).format(instant);
}

/** The clock as the setup pins it: from TEST_TODAY TEST_TIME on, running in real time. */
export function ambientClock(start: Date = tokyo(TEST_TODAY, TEST_TIME)): () => Date {
  const origin = performance.now();
  return () => new Date(start.getTime() + Math.round(performance.now() - origin));
}

/** Pins the domain clock to the ambient test clock (setup-stack-env.ts; unit tests that need it). */
export function installAmbientClock(): void {
  clock.now = ambientClock();
}

/**
 * Runs this file on a fixed day from `hhmm` on (the clock runs on from there): for a suite whose figures
 * do not depend on the kind of day, so that it is the same on every run. Call it right after the
 * imports, before anything reads `testToday()`. test/dates/ leaves such a file out of its matrix.
 */
export function pinSuiteDate(date: string, hhmm = DEFAULT_TEST_TIME): void {
  clock.now = ambientClock(tokyo(date, hhmm));
}

/** The domain clock's "now": what the handlers see. */
export const testNow = (): Date => clock.now();

/** Today in Tokyo as the handlers see it (`YYYY-MM-DD`). */
export const testToday = (): string => tokyoDate(clock.now());

/** Calendar arithmetic on `YYYY-MM-DD` (zone-free). */
export function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Freezes the domain clock at a Tokyo wall-clock time (a scenario's "now"); returns the instant. */
export function pinClock(date: string, hhmm = '10:00'): Date {
  const instant = tokyo(date, hhmm);
  clock.now = () => instant;
  return instant;
}
