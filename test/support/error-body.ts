import { expect } from 'vitest';

/**
 * An error body as a test of one route states it: the Japanese `message` and `errors` exactly as
 * before issue 31, beside the contract's members every body now has (`code`, `params`, `fields`; their
 * values are checked route by route in test/integration/error-contract.test.ts).
 */
export function jaErrorBody(message: string, errors?: Record<string, string[]>) {
  return {
    code: expect.stringMatching(/^[a-z_]+\.[a-z_]+$/),
    params: expect.any(Object),
    fields: expect.any(Array),
    message,
    ...(errors ? { errors } : {}),
  };
}
