/** Field lengths of the contact form, shared by the API schema and the landing page (which ships no zod). */
export const INQUIRY_LIMITS = { name: 50, company: 100, email: 254, message: 2000 } as const;
