/**
 * Issue 30 item 7: the local S3 served every company's files without a signature (s3rver answered a
 * zeroed signature, a plain GET and a bucket listing with 200 on loopback). Like S3, it now answers only
 * requests signed with a known key (lib/local/s3-gate.ts): the SDK client's header-signed requests and
 * the product's presigned links, within their expiry; anything unsigned, forged, tampered with or
 * expired is a 403 and reveals nothing.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignedDownload } from '../../functions/shared/clients/s3-link.js';
import { useTestStack } from '../support/stack.js';

const stack = useTestStack();
const KEY = `exports/company-a/${Date.now().toString(36)}/勤怠 2026-11.csv`;
const BODY = '社員番号,氏名\r\nA1,秘密 太郎\r\n';
const DISPOSITION = `attachment; filename*=UTF-8''${encodeURIComponent('勤怠.csv')}`;
let s3: S3Client;

beforeAll(async () => {
  s3 = new S3Client({
    region: stack.env.AWS_REGION,
    endpoint: stack.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await s3.send(new PutObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: KEY, Body: BODY }));
});
afterAll(() => s3?.destroy());

const objectUrl = () =>
  `${stack.env.S3_ENDPOINT}/${stack.env.EXPORTS_BUCKET}/${KEY.split('/').map(encodeURIComponent).join('/')}`;

async function refused(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  expect(res.status, url).toBe(403);
  expect(text).toContain('<Code>AccessDenied</Code>');
  expect(text).not.toContain('秘密');
}

describe('the local S3 answers only signed requests', () => {
  it("serves the product's presigned link and the SDK client's signed GET", async () => {
    const link = await presignedDownload(KEY, DISPOSITION, 'text/csv; charset=utf-8', 60);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(BODY);
    const got = await s3.send(new GetObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: KEY }));
    expect(await got.Body!.transformToString()).toBe(BODY);
  });

  it('refuses an unsigned GET, a bucket listing and a zeroed signature', async () => {
    await refused(objectUrl());
    await refused(`${stack.env.S3_ENDPOINT}/${stack.env.EXPORTS_BUCKET}`);
    await refused(`${stack.env.S3_ENDPOINT}/`);
    await refused(objectUrl(), {
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=local/20261128/${stack.env.AWS_REGION}/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': '20261128T000000Z',
      },
    });
  });

  it('refuses a presigned link that was tampered with, signed with an unknown key, or has expired', async () => {
    const link = new URL(await presignedDownload(KEY, DISPOSITION, 'text/csv; charset=utf-8', 60));
    // Another object under the same signature.
    const other = new URL(link);
    other.pathname = other.pathname.replace(/\.csv$/, '.txt');
    await refused(other.toString());
    // A longer life than was signed.
    const longer = new URL(link);
    longer.searchParams.set('X-Amz-Expires', '604800');
    await refused(longer.toString());
    // A key the local S3 does not know.
    const stranger = new S3Client({
      region: stack.env.AWS_REGION,
      endpoint: stack.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'stranger', secretAccessKey: 'stranger' },
    });
    const foreign = await getSignedUrl(stranger, new GetObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: KEY }), {
      expiresIn: 60,
    });
    await refused(foreign);
    stranger.destroy();
    // Signed an hour ago for a minute: expired (the S3 side reads the real clock, as AWS does).
    const old = await getSignedUrl(s3, new GetObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: KEY }), {
      expiresIn: 60,
      // eslint-disable-next-line no-restricted-syntax -- S3 judges expiry on the machine's clock, not the test clock
      signingDate: new Date(Date.now() - 3_600_000),
    });
    await refused(old);
  });
});
