import * as z from 'zod/mini';
import { nameSchema, textSchema } from '../../domain/input.js';
import { INQUIRY_LIMITS as L } from './inquiry-limits.js';

/** The public contact form (landing page): name, company, e-mail, message. */
export const InquirySchema = z.strictObject({
  name: nameSchema(L.name),
  company: nameSchema(L.company),
  email: z.pipe(z.string().check(z.trim(), z.maxLength(L.email)), z.email()),
  message: textSchema(L.message),
});
export type InquiryInput = z.infer<typeof InquirySchema>;

/** Contact-form posts per client address: enough for a person, useless for a spam run. */
export const INQUIRY_RATE = { limit: 5, windowSeconds: 600 } as const;

export const inquiryView = (i: {
  inquiryId: string;
  name: string;
  companyName: string;
  email: string;
  message: string;
  createdAt: string;
}) => ({
  id: i.inquiryId,
  name: i.name,
  company: i.companyName,
  email: i.email,
  message: i.message,
  created_at: i.createdAt,
});

/** An inquiry as `GET /api/v1/inquiries` returns it (the SPA imports the type). */
export type InquiryView = ReturnType<typeof inquiryView>;
