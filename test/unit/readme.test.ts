/**
 * The READMEs are the newcomer's first screen (issue 29 item 2): an edit that rewrote a sentence and
 * left the old line below it made the demo-company paragraph say 「正社員 and 契約社員, with last month…」
 * twice. A line left behind by a rewrite starts like the line above it; prose lines of a paragraph
 * never legitimately share their first 30 characters (tables and code blocks are skipped).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PREFIX = 30;

/** Pairs of consecutive prose lines that start alike, as `line n: text`. */
function repeatedLines(markdown: string): string[] {
  const found: string[] = [];
  let inCode = false;
  let previous: string | null = null;
  markdown.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode || line.startsWith('|') || line.length < PREFIX) {
      previous = null;
      return;
    }
    if (previous !== null && previous.slice(0, PREFIX) === line.slice(0, PREFIX)) found.push(`line ${i + 1}: ${line}`);
    previous = line;
  });
  return found;
}

describe('README prose', () => {
  it('finds a line left behind by a rewrite', () => {
    const paragraph = [
      'Company **デモ株式会社** (time zone Asia/Tokyo), departments 営業部 and 開発部, employment statuses',
      "正社員 and 契約社員, with last month and this month's attendance and a company calendar.",
      "正社員 and 契約社員, with last month and this month's attendance; last month is closed.",
    ].join('\n');
    expect(repeatedLines(paragraph)).toEqual([
      "line 3: 正社員 and 契約社員, with last month and this month's attendance; last month is closed.",
    ]);
    expect(repeatedLines('```sh\nnpm run test:unit   # one tier\nnpm run test:unit   # again\n```')).toEqual([]);
  });

  it.each(['README.md', 'functions/README.md'])('%s repeats no line', (file) => {
    expect(repeatedLines(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
