import * as z from 'zod/mini';
/**
 * Shared checks for what people type: names and texts (no invisible control characters) and integers
 * (no JSON `true`, `[2]`, `"0x1f"`, `"1e1"` turned into numbers by a coercion).
 */

/** Catalogue codes (issue 31; the domain names them, the request pipeline renders them per caller). */
export const INPUT_MESSAGES = {
  blank: 'field.required',
  invisible: 'field.invisible_characters',
  integer: 'field.integer',
  date: 'field.date',
} as const;

// C0/C1 controls (NUL, BEL, ESC, DEL…), format characters (bidi overrides such as U+202E, zero-width
// spaces, BOM) and lone surrogates. ZWJ/ZWNJ stay allowed: emoji sequences and some scripts need them.
const INVISIBLE = /[\p{Cc}\p{Cs}\p{Co}]|(?![\u200c\u200d])\p{Cf}/u;
// Multi-line texts also take line breaks and tabs.
const INVISIBLE_IN_TEXT = /(?![\n\r\t])[\p{Cc}\p{Cs}\p{Co}]|(?![\u200c\u200d])\p{Cf}/u;

/** A required one-line name: trimmed (full-width spaces too), not blank, no invisible characters. */
export function nameSchema(max: number) {
  return z.string().check(
    z.trim(),
    z.minLength(1, INPUT_MESSAGES.blank),
    z.maxLength(max),
    z.refine((v) => !INVISIBLE.test(v), INPUT_MESSAGES.invisible),
  );
}

/** A required multi-line text (announcement body, inquiry message): like a name, line breaks allowed. */
export function textSchema(max: number) {
  return z.string().check(
    z.trim(),
    z.minLength(1, INPUT_MESSAGES.blank),
    z.maxLength(max),
    z.refine((v) => !INVISIBLE_IN_TEXT.test(v), INPUT_MESSAGES.invisible),
  );
}

/**
 * An optional free text — a reason, a memo — '' when left out: trimmed, at most `max` (with the route's
 * own wording when it has one), line breaks and tabs allowed, no other control or format characters
 * (NUL, ESC, bidi overrides: issue 30 item 10, which found reasons keeping them).
 */
export function optionalTextSchema(max: number, tooLong?: string) {
  return z._default(
    z.optional(
      z.string(tooLong === undefined ? undefined : { error: tooLong }).check(
        z.trim(),
        z.maxLength(max, tooLong),
        z.refine((v) => !INVISIBLE_IN_TEXT.test(v), INPUT_MESSAGES.invisible),
      ),
    ),
    '',
  );
}

/** The check of optionalTextSchema for a required text with its own messages: no invisible characters. */
export const visibleText = () => z.refine<string>((v) => !INVISIBLE_IN_TEXT.test(v), INPUT_MESSAGES.invisible);

/**
 * An integer in [min, max] from a JSON number or a string of decimal digits (query strings are
 * strings); nothing else is coerced. `outOfRange` replaces the generic 〇〇以上/以下の値 wording (a
 * year, month or day says 正しい日付を選択してください).
 */
export function integerSchema(min: number, max: number, outOfRange?: string) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?[0-9]{1,15}$/, INPUT_MESSAGES.integer))], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? INPUT_MESSAGES.blank : INPUT_MESSAGES.integer,
    }),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      z.number().check(z.int(outOfRange), z.minimum(min, outOfRange), z.maximum(max, outOfRange)),
    ),
  );
}
