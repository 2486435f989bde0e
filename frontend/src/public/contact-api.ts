import { INQUIRY_LIMITS } from '../../../functions/api/inquiries/inquiry-limits';
import type { InquiryInput } from '../../../functions/api/inquiries/inquiry-schema';
import { api } from '../lib/api';

/** Where the contact block points; override at build time with VITE_CONTACT_EMAIL. */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || 'contact@kintai.example.com';

export { INQUIRY_LIMITS };

/** What the contact form posts: the type of the backend's own request schema. */
export type { InquiryInput };

export type InquiryField = keyof InquiryInput;

export const postInquiry = (input: InquiryInput) => api.post<{ id: string }>('/api/v1/inquiries', input);

/** Loose on purpose (the server decides); catches the typos people actually make. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field → message key for what is wrong, empty when the form can be sent. */
export function validateInquiry(v: InquiryInput): Partial<Record<InquiryField, 'required' | 'tooLong' | 'email'>> {
  const errors: Partial<Record<InquiryField, 'required' | 'tooLong' | 'email'>> = {};
  for (const field of ['name', 'company', 'email', 'message'] as const) {
    const value = v[field].trim();
    if (!value) errors[field] = 'required';
    else if (value.length > INQUIRY_LIMITS[field]) errors[field] = 'tooLong';
  }
  if (!errors.email && !EMAIL.test(v.email.trim())) errors.email = 'email';
  return errors;
}
