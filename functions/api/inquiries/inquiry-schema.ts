import * as z from 'zod';

/** The public contact form (landing page): name, company, e-mail, message. */
export const InquirySchema = z.strictObject({
  name: z.string().trim().min(1).max(50),
  company: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).pipe(z.email()),
  message: z.string().trim().min(1).max(2000),
});
export type InquiryInput = z.infer<typeof InquirySchema>;

/** Contact-form posts per client address: enough for a person, useless for a spam run. */
export const INQUIRY_RATE = { limit: 5, windowSeconds: 600 } as const;

export const inquiryView = (i: { inquiryId: string; name: string; companyName: string; email: string; message: string; createdAt: string }) => ({
  id: i.inquiryId,
  name: i.name,
  company: i.companyName,
  email: i.email,
  message: i.message,
  created_at: i.createdAt,
});
