import type { ExplanationCode, ExplanationLine, ExplanationParam } from '../domain/worktime/explanation.js';
import { hm } from '../domain/worktime/format.js';
import { formatMessage, type MessageCode, type MessageParams } from '../shared/i18n/index.js';

/** An explanation line as the API answers it: its code and params, and the text in the caller's language. */
export interface ExplanationLineView {
  code: ExplanationCode;
  params: Record<string, ExplanationParam>;
  message: string;
}

// Every engine code has its text in the catalogues: a code missing from them fails the typecheck here.
const asMessageCode = (code: ExplanationCode): MessageCode => code;

function text(language: string, line: ExplanationLine): string {
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(line.params ?? {})) params[name] = param(language, value);
  return formatMessage(language, asMessageCode(line.code), params);
}

/** A parameter ready for the catalogue: minutes as h:mm, nested codes and lists rendered, numbers kept. */
function param(language: string, value: ExplanationParam): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('hm' in value) return hm(value.hm);
  if ('list' in value) return value.list.map((item) => param(language, item)).join(text(language, { code: value.sep }));
  return text(language, value);
}

/** The day's explanation lines in `language` (ja / en / a registered catalogue), each with its code and params. */
export function explanationView(language: string, lines: readonly ExplanationLine[]): ExplanationLineView[] {
  return lines.map((line) => ({ code: line.code, params: line.params ?? {}, message: text(language, line) }));
}
