import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 31: the admin and operator screens take their words from the catalogue (`t`), so the
 * English catalogue can replace them. Japanese may stay in comments, and in the few data tokens a
 * Japanese file format needs whatever the screen's language (the shift CSV's 社員/氏名/休 and its
 * 日 date headings, the staff import template's headings the server reads, the 社員番号 heading a
 * new payroll layout starts with).
 */
const ROOTS = ['frontend/src/admin', 'frontend/src/operator'];
const DATA_TOKENS: Record<string, string[]> = {
  'frontend/src/admin/shifts/shift-grid.ts': ["OFF_LABEL = '休'", "CSV_ID = '社員'", "CSV_NAME = '氏名'", '(?:日)?'],
  'frontend/src/admin/staff/staff-import-api.ts': [
    "'社員番号',",
    "'姓',",
    "'名',",
    "'フリガナ',",
    "'メールアドレス',",
    "'部署',",
    "'雇用形態',",
    "'入社日',",
  ],
  'frontend/src/admin/attendance-totals/payroll-layout-editor.tsx': ["header: '社員番号'"],
  // Reading, not writing: the period label from the server is split at its （, and full-width digits typed
  // into a field are normalised.
  'frontend/src/admin/closing/closing-page.tsx': ["label.indexOf('（')"],
  'frontend/src/admin/overtime-agreement/agreement-settings-form.tsx': ['/[０-９]/g'],
};
/** Kana, kanji, and Japanese punctuation (（）〜：、・ and full-width forms). */
const JAPANESE = /[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text with block comments (JSX ones included) and line comments blanked, line numbers kept. */
function withoutComments(text: string): string[] {
  const blanked = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return blanked.split('\n').map((line) => line.replace(/(^|\s)\/\/.*$/, '$1'));
}

describe('admin and operator screens', () => {
  it('keep no Japanese wording outside the catalogue (comments and file-format tokens aside)', () => {
    const cwd = process.cwd();
    const found: string[] = [];
    for (const file of ROOTS.flatMap((root) => sources(join(cwd, root)))) {
      const name = relative(cwd, file);
      const allowed = DATA_TOKENS[name] ?? [];
      withoutComments(readFileSync(file, 'utf8')).forEach((line, i) => {
        if (JAPANESE.test(line) && !allowed.some((token) => line.includes(token))) {
          found.push(`${name}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
