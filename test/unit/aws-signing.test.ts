import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invokeAsync } from '../../functions/shared/clients/lambda-invoke.js';
import { presignedDownload, putObjectByLink } from '../../functions/shared/clients/s3-link.js';
import { resetEnvCache } from '../../functions/shared/env.js';
import { applyUnitEnv } from '../support/unit-env.js';

const SIGNING_DATE = new Date('2026-11-22T01:02:03Z');
const BUCKET = 'kintai-exports-bucket-1a2b3c';
const KEY = 'c-123/01JABCDEF.csv';
const DISPOSITION = `attachment; filename="____.csv"; filename*=UTF-8''${encodeURIComponent('勤怠データ.csv')}`;

beforeEach(() => {
  applyUnitEnv();
  Object.assign(process.env, {
    EXPORTS_BUCKET: BUCKET,
    AWS_REGION: 'ap-northeast-1',
    AWS_ACCESS_KEY_ID: 'AKIDUNIT',
    AWS_SECRET_ACCESS_KEY: 'secret',
  });
  delete process.env.S3_ENDPOINT;
  delete process.env.AWS_SESSION_TOKEN;
  resetEnvCache();
  vi.useFakeTimers({ now: SIGNING_DATE, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('presignedDownload (S3 presigner without an S3 client)', () => {
  it('addresses and scopes the link exactly as getSignedUrl with an S3Client does', async () => {
    const ours = new URL(await presignedDownload(KEY, DISPOSITION, 'text/csv; charset=Shift_JIS', 300));
    const sdk = new URL(
      await getSignedUrl(
        new S3Client({ region: 'ap-northeast-1', credentials: { accessKeyId: 'AKIDUNIT', secretAccessKey: 'secret' } }),
        new GetObjectCommand({
          Bucket: BUCKET,
          Key: KEY,
          ResponseContentDisposition: DISPOSITION,
          ResponseContentType: 'text/csv; charset=Shift_JIS',
        }),
        { expiresIn: 300 },
      ),
    );
    expect(ours.origin).toBe(sdk.origin);
    expect(ours.pathname).toBe(sdk.pathname);
    // The client adds x-id=GetObject (a routing hint) and x-amz-checksum-mode (asks S3 for checksum
    // headers that only an SDK reader validates); everything else must be the same, and the signature
    // covers the same things: host only, five minutes, today's credential scope.
    const ignored = new Set(['x-id', 'x-amz-checksum-mode', 'X-Amz-Signature']);
    const params = (u: URL) => Object.fromEntries([...u.searchParams].filter(([k]) => !ignored.has(k)));
    expect(params(ours)).toEqual(params(sdk));
    expect(params(ours)).toMatchObject({
      'X-Amz-Credential': 'AKIDUNIT/20261122/ap-northeast-1/s3/aws4_request',
      'X-Amz-Expires': '300',
      'X-Amz-SignedHeaders': 'host',
      'response-content-disposition': DISPOSITION,
    });
    expect(ours.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('uses path-style addressing on the local S3 endpoint', async () => {
    process.env.S3_ENDPOINT = 'http://127.0.0.1:4569';
    resetEnvCache();
    const url = new URL(await presignedDownload(KEY, DISPOSITION, 'text/csv; charset=UTF-8', 300));
    expect(url.origin).toBe('http://127.0.0.1:4569');
    expect(url.pathname).toBe(`/${BUCKET}/${KEY}`);
  });
});

describe('putObjectByLink (one S3 PUT without an S3 client)', () => {
  const sdkClient = () =>
    new S3Client({ region: 'ap-northeast-1', credentials: { accessKeyId: 'AKIDUNIT', secretAccessKey: 'secret' } });

  it('PUTs the body to a link signed as getSignedUrl signs a PutObject with that Content-Type', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    await putObjectByLink('exports/staff-imports/c1/i1.json', '[{"row":2}]', 'application/json');

    expect(fetch).toHaveBeenCalledTimes(1);
    const [link, init] = fetch.mock.calls[0]!;
    expect(init).toEqual({ method: 'PUT', body: '[{"row":2}]', headers: { 'content-type': 'application/json' } });
    const ours = new URL(link);
    const sdk = new URL(
      await getSignedUrl(
        sdkClient(),
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: 'exports/staff-imports/c1/i1.json',
          ContentType: 'application/json',
        }),
        { expiresIn: 60 },
      ),
    );
    expect(ours.origin + ours.pathname).toBe(sdk.origin + sdk.pathname);
    // The client adds x-id=PutObject and its checksum parameters (x-amz-sdk-checksum-algorithm,
    // x-amz-checksum-crc32 of an empty body): routing hints and an integrity check only an SDK writer
    // fills in. The rest is the same: a minute, today's scope, host signed (the S3 presigner leaves
    // Content-Type unsigned, as the SDK's link does; the PUT still stores the type it sends).
    const params = (u: URL) =>
      Object.fromEntries([...u.searchParams].filter(([k]) => !/^x-id$|checksum|X-Amz-Signature/.test(k)));
    expect(params(ours)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      'X-Amz-Credential': 'AKIDUNIT/20261122/ap-northeast-1/s3/aws4_request',
      'X-Amz-Date': '20261122T010203Z',
      'X-Amz-Expires': '60',
      'X-Amz-SignedHeaders': 'host',
    });
    expect(params(ours)).toEqual(params(sdk));
  });

  it('fails, naming the status, when S3 refuses the PUT', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 })),
    );
    await expect(putObjectByLink('k.json', '[]', 'application/json')).rejects.toThrow(/refused \(403\).*AccessDenied/);
  });
});

describe('invokeAsync (Lambda Invoke without a Lambda client)', () => {
  it('sends one signed asynchronous Invoke with the payload as JSON', async () => {
    process.env.AWS_SESSION_TOKEN = 'session-token';
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);

    await invokeAsync('KintaiStack-ExportWorker-abc', { companyId: 'c1', exportId: 'e1' }, 'ap-northeast-1');

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(
      'https://lambda.ap-northeast-1.amazonaws.com/2015-03-31/functions/KintaiStack-ExportWorker-abc/invocations',
    );
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ companyId: 'c1', exportId: 'e1' });
    const headers = init.headers as Record<string, string>;
    expect(headers['x-amz-invocation-type']).toBe('Event');
    expect(headers['x-amz-security-token']).toBe('session-token');
    expect(headers['x-amz-date']).toBe('20261122T010203Z');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDUNIT\/20261122\/ap-northeast-1\/lambda\/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-invocation-type[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
  });

  it('fails (so the route reports it) when Lambda does not accept the invocation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"Message":"Rate exceeded"}', { status: 429 })),
    );
    await expect(invokeAsync('fn', {}, 'ap-northeast-1')).rejects.toThrow(/429 .*Rate exceeded/);
  });
});
