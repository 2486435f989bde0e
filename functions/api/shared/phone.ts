import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import * as z from 'zod';

/**
 * A Japanese phone number (full metadata, so a mobile number one digit short is refused), stored in
 * the national format people write: 090-1234-5678.
 */
export const JpPhoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine((v) => /^[0-9+\-() ]+$/.test(v) && isValidPhoneNumber(v, 'JP'), { message: '電話番号の形式が正しくありません' })
  .transform((v) => parsePhoneNumberWithError(v, 'JP').formatNational());
