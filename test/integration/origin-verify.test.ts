import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../functions/shared/env.js';
import { createHttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';

const stack = useTestStack();
const SECRET = 'origin-secret-value-0123456789';

beforeAll(() => {
  // As on AWS: the functions know the value CloudFront adds to every origin request.
  process.env.ORIGIN_VERIFY_SECRET = SECRET;
  resetEnvCache();
});

describe('API reachable only through CloudFront', () => {
  it('refuses a request without the origin header (straight to execute-api)', async () => {
    const res = await createHttpClient(stack.baseUrl).get('/api/v1/health');
    expect(res.status).toBe(403);
  });

  it('refuses a wrong value and accepts the right one', async () => {
    const client = createHttpClient(stack.baseUrl);
    expect((await client.get('/api/v1/health', { headers: { 'x-origin-verify': 'nope' } })).status).toBe(403);
    expect((await client.get('/api/v1/health', { headers: { 'x-origin-verify': SECRET } })).status).toBe(200);
  });
});
