import type { $ZodErrorMap, $ZodRawIssue } from 'zod/v4/core';

/**
 * Product wording for every field error a schema does not name itself (issue 14 item 4). zod's own
 * locale texts (無効な入力: 数値が期待されましたが…, 大きすぎる値: string は 500 文字…) are developer
 * texts; the SPA shows these next to the field, so they say what to do, in the product's words.
 * Installed once by the request pipeline (`z.config({ localeError: fieldMessage })`); a message a schema
 * gives explicitly (INPUT_MESSAGES, MESSAGES.nonexistentDate) still wins.
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

const fill = (text: string, n: number | bigint) => text.replace('{n}', String(n));

const COUNTED = new Set(['array', 'set', 'map']);

/** The message of one zod issue, in product wording. */
export function fieldMessage(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalid;
    case 'invalid_value':
      return FIELD_MESSAGES.choose;
    case 'too_big': {
      const max = typeof issue.maximum === 'number' && !issue.inclusive ? issue.maximum - 1 : issue.maximum;
      if (issue.origin === 'string') return fill(FIELD_MESSAGES.maxChars, max);
      if (COUNTED.has(issue.origin)) return fill(FIELD_MESSAGES.maxItems, max);
      return fill(FIELD_MESSAGES.maxNumber, max);
    }
    case 'too_small': {
      const min = typeof issue.minimum === 'number' && !issue.inclusive ? issue.minimum + 1 : issue.minimum;
      if (issue.origin === 'string') return min <= 1 ? FIELD_MESSAGES.required : fill(FIELD_MESSAGES.minChars, min);
      if (COUNTED.has(issue.origin)) return fill(FIELD_MESSAGES.minItems, min);
      return fill(FIELD_MESSAGES.minNumber, min);
    }
    case 'invalid_format':
      return issue.format === 'email' ? FIELD_MESSAGES.email : FIELD_MESSAGES.invalid;
    case 'not_multiple_of':
      return fill(FIELD_MESSAGES.multipleOf, issue.divisor);
    case 'unrecognized_keys':
      return FIELD_MESSAGES.unknownField;
    default:
      return FIELD_MESSAGES.invalid;
  }
}

export const fieldErrorMap: $ZodErrorMap = (issue) => fieldMessage(issue);

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
