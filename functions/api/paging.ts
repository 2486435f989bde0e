/**
 * What every paged list route shares: the page-size and cursor query fields, and opening the sealed
 * cursor of the last answer (shared/signing.ts: bound to the company and the list it came from).
 */
import * as z from 'zod/mini';
import { integerSchema } from '../domain/input.js';
import { ValidationError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { openCursor } from '../shared/signing.js';
import { codeText } from '../shared/i18n/code-text.js';

/** `limit` (1–max; a product message) and `cursor` (the last answer's, opaque). */
export const pageFields = (max: number) => ({
  limit: z.optional(integerSchema(1, max, codeText('field.page_limit', { max }))),
  cursor: pageCursorField,
});

export const pageCursorField = z.optional(z.string().check(z.maxLength(2000)));

/**
 * The position a sealed cursor names, or undefined without one. A forged cursor, or one sealed for
 * another company or list (`scope`), is the invalid-cursor 400 on the field.
 */
export function openPageCursor(cursor: string | undefined, scope: string): string | undefined {
  if (cursor === undefined) return undefined;
  const inner = openCursor(cursor, scope);
  if (inner === null) throw new ValidationError(MESSAGES.invalidCursor, { cursor: [MESSAGES.invalidCursor] });
  return inner;
}
