/**
 * A test of the test setup (issue 29 item 1): the suites that take "today" from the test clock pass
 * whatever day it is. A suite written on a weekday failed on a Saturday (e2e/break-punches read the
 * machine's date, and a Saturday has no 予定); this runs every such suite again with the clock pinned
 * to each awkward day of AWKWARD_DATES — a Saturday, a Sunday, a national holiday, the last and the
 * first day of a month — in a vitest of its own per date (its own emulators), after the main run.
 *
 * The date-sensitive suites are found, not listed: every integration or e2e file that reads the
 * ambient clock (`testToday()`, `testNow()`, `testMonth()` or the security fixture's `tokyoYearMonth()`).
 * A file that pins its own scenario date (`pinClock` per test, `pinSuiteDate` for the file) does not
 * depend on the day the suite runs on. A file may opt out with a `date-matrix: skip — <reason>`
 * comment naming where its date-dependent code is covered.
 *
 * One date's run: KINTAI_TEST_TODAY=2026-11-28 npx vitest run --project integration --project e2e <files>
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import holidayJp from '@holiday-jp/holiday_jp';
import { AWKWARD_DATES, plusDays, TEST_TODAY } from '../support/test-clock.js';

const ROOT = resolve(import.meta.dirname, '../..');
const READS_AMBIENT_DATE = /\b(testToday|testNow|testMonth|tokyoYearMonth)\(/;
/** A file that runs on a day of its own, or says why it may be left out. */
const OPTED_OUT = /\bpinSuiteDate\(|date-matrix: skip — \S/;

/** test/support modules (absolute paths) that read the ambient date, themselves or through another. */
function ambientSupport(root: string): Set<string> {
  const dir = join(root, 'test/support');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
  const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const clockFile = join(dir, 'test-clock.ts');
  const found = new Set(files.filter((f) => f !== clockFile && READS_AMBIENT_DATE.test(text.get(f)!)));
  for (let grew = true; grew;) {
    grew = false;
    for (const f of files) {
      if (found.has(f) || ![...found].some((g) => importsModule(text.get(f)!, f, g))) continue;
      found.add(f);
      grew = true;
    }
  }
  return found;
}

/** Whether `source` (the text of the file at absolute path `from`) imports the module at absolute path `target`. */
function importsModule(source: string, from: string, target: string): boolean {
  const wanted = target.replace(/\.ts$/, '');
  for (const [, spec] of source.matchAll(/from '(\.[^']+)'/g))
    if (resolve(dirname(from), spec!).replace(/\.js$/, '') === wanted) return true;
  return false;
}

/**
 * Integration and e2e files whose figures depend on the day the suite runs on: they read the ambient
 * clock, or import a support module that does (the security fixture builds last and this month).
 */
function dateSensitiveSuites(root = ROOT): string[] {
  const support = [...ambientSupport(root)];
  return ['test/integration', 'test/e2e'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `${dir}/${name}`)
      .filter((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        if (OPTED_OUT.test(text)) return false;
        return READS_AMBIENT_DATE.test(text) || support.some((s) => importsModule(text, join(root, file), s));
      })
      .sort(),
  );
}

/** Runs the suites with the clock pinned to `date`; resolves with the exit code and where the log is. */
function runOn(date: string, files: string[]): Promise<{ code: number | null; log: string; summary: string[] }> {
  const log = join(tmpdir(), `kintai-dates-${date}-${process.pid}.log`);
  const out = createWriteStream(log);
  const summary: string[] = [];
  return new Promise((done, fail) => {
    const child = spawn(
      join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--project', 'integration', '--project', 'e2e', ...files],
      { cwd: ROOT, env: { ...process.env, KINTAI_TEST_TODAY: date, FORCE_COLOR: '0', NO_COLOR: '1' } },
    );
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      for (const line of chunk.toString('utf8').split('\n'))
        if (/^\s*(Test Files|Tests|FAIL)\b/.test(line) || /^ (❯|×) /.test(line)) summary.push(line.trim());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('close', (code) => out.end(() => done({ code, log, summary })));
  });
}

describe('the test clock on awkward days', () => {
  it('the awkward dates are what they claim to be', () => {
    // 0 = Sunday … 6 = Saturday, from the calendar itself.
    const day = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    expect(day(AWKWARD_DATES.saturday)).toBe(6);
    expect(day(AWKWARD_DATES.sunday)).toBe(0);
    const holidays = holidayJp.holidays as Record<string, { name: string } | undefined>;
    expect(holidays[AWKWARD_DATES.nationalHoliday]?.name).toBe('勤労感謝の日');
    expect(plusDays(AWKWARD_DATES.lastOfMonth, 1).slice(8)).toBe('01');
    expect(AWKWARD_DATES.firstOfMonth.slice(8)).toBe('01');
    // The main run is on another day, so each awkward day is a run of its own.
    expect(Object.values(AWKWARD_DATES)).not.toContain(TEST_TODAY);
  });

  const files = dateSensitiveSuites();

  it('finds the date-sensitive suites', () => {
    console.log(`[dates] ${files.length} date-sensitive suites:\n  ${files.join('\n  ')}`);
    expect(files).toContain('test/e2e/employee-flows.test.ts');
    expect(files).not.toContain('test/e2e/break-punches.test.ts'); // pins its own scenario day
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(Object.entries(AWKWARD_DATES))('the date-sensitive suites pass on the %s %s', async (_kind, date) => {
    const { code, log, summary } = await runOn(date, files);
    expect(code, `KINTAI_TEST_TODAY=${date}: ${summary.join('\n')}\nfull log: ${log}`).toBe(0);
  });
});
