import * as z from 'zod/mini';
import { integerSchema, nameSchema } from './input.js';
import { JpPhoneSchema } from './phone.js';

/**
 * Company (administrator) account payloads, spec §3/§7: `name` is the business name, `staff_name`
 * the representative who becomes the first admin, `email` and `password` that admin's sign-in.
 */

/** Plan = contract length in months (the landing page's 1-month, 6-month and annual plans); required on creation. */
export const PLANS = [1, 6, 12] as const;
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/** The canonical IANA name when the runtime knows the zone (`asia/tokyo` → `Asia/Tokyo`), else null. */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const TimeZoneSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  z.transform((v: string, ctx) => {
    const zone = canonicalTimeZone(v);
    if (!zone) {
      ctx.issues.push({ code: 'custom', message: 'company.time_zone', input: v });
      return z.NEVER;
    }
    return zone;
  }),
);

/** Blank means "no phone number" (spec §5: not required at sign-up). */
const OptionalPhoneSchema = z.optional(
  z.union([
    z.pipe(
      z.literal(''),
      z.transform(() => undefined),
    ),
    JpPhoneSchema,
  ]),
);

const PlanSchema = z.pipe(
  integerSchema(1, 12, 'company.plan_choose'),
  z.number().check(z.refine((p) => (PLANS as readonly number[]).includes(p), { message: 'company.plan_invalid' })),
);

const fields = {
  name: nameSchema(100),
  staff_name: nameSchema(100),
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email()),
  cell: OptionalPhoneSchema,
};

/** The strength rules are checked by assertPasswordPolicy, so the message is the catalogue's. */
export const NewCompanySchema = z.strictObject({
  ...fields,
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  plan: PlanSchema,
  has_option: z._default(z.boolean(), true),
  time_zone: z._default(TimeZoneSchema, DEFAULT_TIME_ZONE),
});

/** Edit: a blank password keeps the current one; plan, option and zone keep theirs when left out. */
export const UpdateCompanySchema = z.strictObject({
  ...fields,
  password: z._default(z.optional(z.string().check(z.maxLength(256))), ''),
  plan: z.optional(PlanSchema),
  has_option: z.optional(z.boolean()),
  time_zone: z.optional(TimeZoneSchema),
});

export type NewCompanyInput = z.infer<typeof NewCompanySchema>;
export type UpdateCompanyInput = z.infer<typeof UpdateCompanySchema>;

export const companyView = (c: {
  companyId: string;
  name: string;
  staffName: string;
  cell?: string | undefined;
  email: string;
  plan: number;
  hasOption: boolean;
  timeZone: string;
}) => ({
  id: c.companyId,
  name: c.name,
  staff_name: c.staffName,
  cell: c.cell ?? '',
  email: c.email,
  plan: c.plan,
  has_option: c.hasOption,
  time_zone: c.timeZone,
});
export type CompanyView = ReturnType<typeof companyView>;
