import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../support/totp.js';

describe('test TOTP helper', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890", 8 digits.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it('decodes base32', () => expect(base32Decode(secret).toString()).toBe('12345678901234567890'));
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 vector at T=%i', (t, code) => expect(totp(secret, t * 1000, 30, 8)).toBe(code));
});
