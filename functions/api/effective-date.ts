import * as z from 'zod/mini';
import { INPUT_MESSAGES } from '../domain/input.js';
import { clock } from '../shared/clock.js';
import { MIN_YEAR } from './schemas.js';
import { codeText } from '../shared/i18n/code-text.js';

/** How far ahead a settings version may take effect (a plan for the coming years, not for 9999). */
export const EFFECTIVE_YEARS_AHEAD = 5;

export const EFFECTIVE_DATE_MESSAGE = codeText('field.effective_date_range', {
  min_year: MIN_YEAR,
  years: EFFECTIVE_YEARS_AHEAD,
});

/**
 * The first day of a settings version, or the day a version is read at (`?on=`): a real date from
 * MIN_YEAR (the first year the product keeps) to the end of the year EFFECTIVE_YEARS_AHEAD years from
 * now (issue 30 item 9's neighbour, item 8): 9999-12-31 made the period arithmetic throw after the
 * version was stored, and 1900-01-01 queued a recompute of 1,523 months per member. Omitted = today.
 */
export const effectiveDateSchema = z.optional(
  z.iso.date({ error: INPUT_MESSAGES.date }).check(
    z.refine((d) => {
      const year = Number(d.slice(0, 4));
      return year >= MIN_YEAR && year <= clock.now().getUTCFullYear() + EFFECTIVE_YEARS_AHEAD;
    }, EFFECTIVE_DATE_MESSAGE),
  ),
);
