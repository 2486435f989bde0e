import { isValidPhoneNumber, parsePhoneNumberWithError, type MetadataJson } from 'libphonenumber-js/core';
import * as z from 'zod/mini';
import jpMetadata from './phone-metadata-jp.json' with { type: 'json' };
/**
 * Japan's entry of libphonenumber-js's full metadata (generated: test/bench/phone-metadata.ts), so a
 * mobile number one digit short is refused without bundling every other country's rules (~190 KB).
 * Numbers of other countries (+1 …) are refused: the phone numbers kept here are Japanese.
 * (The cast: a JSON import types "JP" as string, not as the library's CountryCode.)
 */
const METADATA = jpMetadata as MetadataJson;

/** A Japanese phone number, stored in the national format people write: 090-1234-5678. */
export const JpPhoneSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(20),
    z.refine((v) => /^[0-9+\-() ]+$/.test(v) && isValidPhoneNumber(v, 'JP', METADATA), {
      message: 'field.phone',
    }),
  ),
  z.transform((v: string) => parsePhoneNumberWithError(v, 'JP', METADATA).formatNational()),
);
