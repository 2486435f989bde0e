import type { $ZodErrorMap, $ZodRawIssue } from 'zod/v4/core';
import { codeText } from './i18n/code-text.js';
import { FIELD_CODES } from './i18n/codes.js';

/**
 * Product wording for every field error a schema does not name itself (issue 14 item 4). zod's own
 * locale texts (無効な入力: 数値が期待されましたが…, 大きすぎる値: string は 500 文字…) are developer
 * texts; the SPA shows these next to the field, so they say what to do, in the product's words.
 * The request pipeline's zod error map (below) gives each issue's code, rendered in the caller's
 * language; a message a schema gives explicitly (INPUT_MESSAGES, MESSAGES.nonexistentDate) still wins.
 */
export const FIELD_MESSAGES = {
  required: '入力してください',
  invalid: '正しい形式で入力してください',
  choose: '選択肢から選んでください',
  email: '正しいメールアドレスを入力してください',
  unknownField: '受け付けていない項目が含まれています',
  maxChars: '{n}文字以内で入力してください',
  minChars: '{n}文字以上で入力してください',
  maxNumber: '{n}以下の値を入力してください',
  minNumber: '{n}以上の値を入力してください',
  maxItems: '{n}件以内で指定してください',
  minItems: '{n}件以上指定してください',
  multipleOf: '{n}の倍数で入力してください',
} as const;

const COUNTED = new Set(['array', 'set', 'map']);

/** The FIELD_MESSAGES key and `{n}` of one zod issue, in product wording. */
function fieldKey(issue: $ZodRawIssue): { key: FieldMessageKey; n?: number } {
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined || issue.input === null ? 'required' : 'invalid' };
    case 'invalid_value':
      return { key: 'choose' };
    case 'too_big': {
      const max = Number(typeof issue.maximum === 'number' && !issue.inclusive ? issue.maximum - 1 : issue.maximum);
      if (issue.origin === 'string') return { key: 'maxChars', n: max };
      if (COUNTED.has(issue.origin)) return { key: 'maxItems', n: max };
      return { key: 'maxNumber', n: max };
    }
    case 'too_small': {
      const min = Number(typeof issue.minimum === 'number' && !issue.inclusive ? issue.minimum + 1 : issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? { key: 'required' } : { key: 'minChars', n: min };
      if (COUNTED.has(issue.origin)) return { key: 'minItems', n: min };
      return { key: 'minNumber', n: min };
    }
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'email' : 'invalid' };
    case 'not_multiple_of':
      return { key: 'multipleOf', n: Number(issue.divisor) };
    case 'unrecognized_keys':
      return { key: 'unknownField' };
    default:
      return { key: 'invalid' };
  }
}

/**
 * The request pipeline's zod error map: the issue's code (`codeText`), which toHttp renders in the
 * caller's language.
 */
export const fieldErrorMap: $ZodErrorMap = (issue) => {
  const { key, n } = fieldKey(issue);
  return codeText(FIELD_CODES[key], n === undefined ? undefined : { n });
};

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
