import type { MessageCode } from './catalogues/ja.js';

type Params = Record<string, string | number>;

/**
 * A catalogue code as a string (issue 31): what a zod schema gives as its `message` (zod's messages
 * are strings) and what a field error list may hold. `code` alone, or `code {"n":5}` with its params;
 * the error mapper (shared/errors.ts) reads it back and renders it in the caller's language. This file
 * imports no catalogue, so shared/field-messages.ts can use it without an import cycle.
 */
export function codeText(code: MessageCode, params?: Params): string {
  return params && Object.keys(params).length ? `${code} ${JSON.stringify(params)}` : code;
}

const CODE_TEXT = /^([a-z_]+\.[a-z_]+)(?: (\{.*\}))?$/s;

/** The code and params of a `codeText` string (not checked against a catalogue), else undefined. */
export function splitCodeText(text: string): { code: string; params: Params } | undefined {
  const m = CODE_TEXT.exec(text);
  if (!m) return undefined;
  if (!m[2]) return { code: m[1]!, params: {} };
  try {
    return { code: m[1]!, params: JSON.parse(m[2]) as Params };
  } catch {
    return undefined;
  }
}
