import * as z from 'zod';
import { JpPhoneSchema } from '../shared/phone.js';

/**
 * Company (administrator) account payloads, spec §3/§7: `name` is the business name, `staff_name`
 * the representative who becomes the first admin, `email` and `password` that admin's sign-in.
 */

/** Plan = contract length in months (the landing page's 1-month, 6-month and annual plans); default 1. */
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

const TimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (!zone) {
      ctx.addIssue({ code: 'custom', message: 'タイムゾーンが正しくありません' });
      return z.NEVER;
    }
    return zone;
  });

/** Blank means "no phone number" (spec §5: not required at sign-up). */
const OptionalPhoneSchema = z.union([z.literal('').transform(() => undefined), JpPhoneSchema]).optional();

const PlanSchema = z.coerce
  .number()
  .int()
  .refine((p) => (PLANS as readonly number[]).includes(p), { message: 'プランが正しくありません' });

const fields = {
  name: z.string().trim().min(1).max(100),
  staff_name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  cell: OptionalPhoneSchema,
};

/** The strength rules are checked by assertPasswordPolicy, so the message is the catalogue's. */
export const NewCompanySchema = z.strictObject({
  ...fields,
  password: z.string().min(1).max(256),
  plan: PlanSchema.default(1),
  has_option: z.boolean().default(true),
  time_zone: TimeZoneSchema.default(DEFAULT_TIME_ZONE),
});

/** Edit: a blank password keeps the current one; plan, option and zone keep theirs when left out. */
export const UpdateCompanySchema = z.strictObject({
  ...fields,
  password: z.string().max(256).optional().default(''),
  plan: PlanSchema.optional(),
  has_option: z.boolean().optional(),
  time_zone: TimeZoneSchema.optional(),
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
