/**
 * axe-core in the browser tests: `expectNoSeriousA11yViolations(page)` runs every axe rule on the
 * page as it is and fails on any violation of impact serious or critical, naming the rule and the
 * elements. The SPA's Content-Security-Policy (script-src 'self') refuses the inline <script> that
 * page.addScriptTag would insert, so axe is evaluated through the DevTools protocol instead, which
 * CSP does not govern, and the page under test keeps its real headers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (first few). */
  targets: string[];
}

/** Serious and critical axe violations of the page's current state. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      }));
  });
}

export const describeViolations = (violations: A11yViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');

export async function expectNoSeriousA11yViolations(page: Page, where = page.url()): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(violations, `axe on ${where}:\n${describeViolations(violations)}`).toEqual([]);
}
