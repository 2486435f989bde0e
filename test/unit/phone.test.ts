import fc from 'fast-check';
import * as full from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { JpPhoneSchema } from '../../functions/domain/phone.js';
import { renderMessage } from '../../functions/shared/errors.js';
import { METADATA_FILE, metadataIsCurrent } from '../bench/phone-metadata.js';

const INVALID = '電話番号の形式が正しくありません';

const parse = (input: unknown) => z.safeParse(JpPhoneSchema, input);
// Issues carry a catalogue code (issue 31); rendered, it is the Japanese wording.
const messages = (input: unknown) => parse(input).error?.issues.map((i) => renderMessage(i.message));

describe('phone-metadata-jp.json', () => {
  it('is the JP slice of the installed libphonenumber-js (else: npx tsx test/bench/phone-metadata.ts --write)', () => {
    expect(metadataIsCurrent(), `${METADATA_FILE} is stale`).toBe(true);
  });
});

describe('JpPhoneSchema', () => {
  it.each([
    ['03-1234-5678', '03-1234-5678'],
    ['0312345678', '03-1234-5678'],
    ['(06) 6123-4567', '06-6123-4567'],
    ['09012345678', '090-1234-5678'],
    [' 090-1234-5678 ', '090-1234-5678'],
    ['080-1234-5678', '080-1234-5678'],
    ['0120-123-456', '0120-123-456'],
    ['050-1234-5678', '050-1234-5678'],
    ['+81 90-1234-5678', '090-1234-5678'],
    ['+81-3-1234-5678', '03-1234-5678'],
  ])('accepts %j and stores it as %j', (input, stored) => {
    const result = parse(input);

    expect(result.success).toBe(true);
    expect(result.data).toBe(stored);
  });

  it.each([
    ['a mobile number one digit short', '090-1234-567'],
    ['a mobile number one digit long', '090-1234-56789'],
    ['letters', '090-abcd-5678'],
    ['words', 'abc'],
    ['a foreign number', '+1 213 373 4253'],
    ['a number with a country code but no digits after it', '+81'],
  ])('refuses %s with the Japanese message', (_, input) => {
    expect(messages(input)).toEqual([INVALID]);
  });

  // zod runs every check: blank or over-long input gets the length issue and the format message.
  it('refuses blank and over-long input by length and by format', () => {
    expect(parse('   ').error?.issues.map((i) => i.code)).toEqual(['too_small', 'custom']);
    expect(parse('0'.repeat(21)).error?.issues.map((i) => i.code)).toEqual(['too_big', 'custom']);
  });

  it('embeds in an object, reporting the field', () => {
    const result = z.safeParse(z.strictObject({ cell: JpPhoneSchema }), { cell: '090-1234-567' });

    expect(result.error?.issues.map((i) => ({ path: i.path, message: renderMessage(i.message) }))).toMatchObject([
      { path: ['cell'], message: INVALID },
    ]);
  });

  // The slice keeps Japan's rules unchanged: for Japanese numbers the result is the full metadata's.
  it('agrees with libphonenumber-js/max on Japanese numbers', () => {
    const prefixes = [
      '0',
      '03',
      '06',
      '011',
      '0422',
      '070',
      '080',
      '090',
      '050',
      '0120',
      '0570',
      '0800',
      '020',
      '+81',
      '+81 90',
      '010 81',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.stringMatching(/^[0-9]{5,10}$/), (prefix, digits) => {
        const input = `${prefix}${digits}`;
        const valid = full.isValidPhoneNumber(input, 'JP');

        const result = parse(input);

        expect(result.success).toBe(valid);
        if (valid) expect(result.data).toBe(full.parsePhoneNumberWithError(input, 'JP').formatNational());
      }),
      { numRuns: 2000 },
    );
  });
});
