import { saveInquiry } from '../../db/inquiries.js';
import { consumeRateLimit } from '../../db/rate-limits.js';
import { created } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { addressKey, clientAddress } from '../../shared/client-address.js';
import { INQUIRY_RATE, InquirySchema } from './inquiry-schema.js';

/** Public contact form. Only well-formed posts count against the per-address limit (429 beyond it). */
export const handler = api('create-inquiry', { body: InquirySchema }, async ({ body, event }) => {
  await consumeRateLimit({ bucket: `inquiry#${addressKey(clientAddress(event))}`, ...INQUIRY_RATE });
  const inquiry = await saveInquiry({
    name: body.name,
    companyName: body.company,
    email: body.email,
    message: body.message,
  });
  return created({ id: inquiry.inquiryId });
});
