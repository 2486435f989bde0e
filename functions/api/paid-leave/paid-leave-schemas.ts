import * as z from 'zod/mini';
import { IsoDateSchema, ManualGrantSchema } from '../../domain/paid-leave/schemas.js';
import { clock } from '../../shared/clock.js';
import { IdSchema, MIN_YEAR } from '../schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

/** How far a manual grant's dates may reach (issue 30 item 8): a grant dated 9999-12-31 broke 有給管理. */
export const GRANT_DATE_MESSAGE = codeText('paid_leave.grant_date_range', { min_year: MIN_YEAR });
export const GRANT_EXPIRY_MESSAGE = codeText('paid_leave.expiry_range');
const yearOf = (d: string) => Number(d.slice(0, 4));
const GrantDateSchema = IsoDateSchema.check(
  z.refine((d) => yearOf(d) >= MIN_YEAR && yearOf(d) <= clock.now().getUTCFullYear() + 1, GRANT_DATE_MESSAGE),
);

/**
 * Bodies of the paid-leave routes. The manual grant arrives in the API's snake_case and is checked
 * by the paid-leave module's own schema, so a parsed grant never makes the ledger throw.
 */
export const ManualGrantBodySchema = z
  .pipe(
    z.pipe(
      z.strictObject({
        granted_on: GrantDateSchema,
        // Two years' statutory maximum (20 + 20): anything above is a typo, not an adjustment.
        days: z.number().check(z.maximum(40)),
        expires_on: z.optional(
          z.pipe(
            z.transform((v) => (v === '' || v === null ? undefined : v)),
            z.optional(IsoDateSchema),
          ),
        ),
        kind: z.enum(['statutory', 'extra']),
        reason: z.string(),
      }),
      z.transform((b) => ({
        grantedOn: b.granted_on,
        days: b.days,
        kind: b.kind,
        reason: b.reason,
        ...(b.expires_on ? { expiresOn: b.expires_on } : {}),
      })),
    ),
    ManualGrantSchema,
  )
  .check(
    z.refine((g) => !g.expiresOn || g.expiresOn > g.grantedOn, {
      message: codeText('paid_leave.expiry_after_grant'),
      path: ['expires_on'],
    }),
    // Five years to the day: 2026-06-01 may expire on 2031-06-01 at the latest.
    z.refine((g) => !g.expiresOn || g.expiresOn <= `${yearOf(g.grantedOn) + 5}${g.grantedOn.slice(4)}`, {
      message: GRANT_EXPIRY_MESSAGE,
      path: ['expires_on'],
    }),
  );

/**
 * A grant of a staff member: the member's id and the grant's. A grant's id is a ULID, or `s` and its
 * date for the statutory run's (`s20260401`, nine characters: services/paid-leave-service.ts).
 */
export const GrantParamsSchema = z.strictObject({
  id: IdSchema,
  grant_id: z.string().check(z.regex(/^[0-9a-z]{9,40}$/)),
});

/** The run takes no input: the company comes from the session, the date from the company's zone. */
export const GrantRunBodySchema = z.strictObject({});
