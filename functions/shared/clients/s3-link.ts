import { formatUrl } from '@aws-sdk/core/util';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { HttpRequest } from '@smithy/core/protocols';
import { env } from '../env.js';
import { signingConfig } from './signing.js';

/**
 * A presigned GET link for an export file, made with the SDK's S3 presigner from the request itself
 * (the presigner package's "presigned URL from an existing request" use) rather than from an
 * S3Client and a GetObjectCommand: the export status route then carries no S3 client at all.
 *
 * On AWS the link is virtual-hosted style (`<bucket>.s3.<region>.amazonaws.com/<key>`), as the S3
 * client's endpoint rules give for the stack's DNS-compatible bucket name; locally it is path style
 * on the local S3's endpoint, whose gate checks the signature as S3 does (lib/local/s3-gate.ts), so
 * the integration tests download through it.
 */
export async function presignedDownload(
  key: string,
  contentDisposition: string,
  contentType: string,
  expiresIn: number,
): Promise<string> {
  return presign('GET', key, expiresIn, {
    query: { 'response-content-disposition': contentDisposition, 'response-content-type': contentType },
  });
}

/**
 * Stores one object by a presigned PUT and fetch, for a route that writes a single object and should
 * not load the S3 client for it (スタッフ一括登録's create route keeps the validated rows this way).
 * The link lives a minute and is signed as the SDK signs a PutObject link (host only; the object gets
 * the Content-Type the PUT sends); the route's role still decides whether the write is allowed.
 */
export async function putObjectByLink(key: string, body: string, contentType: string): Promise<void> {
  const url = await presign('PUT', key, 60, {});
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
  if (!res.ok) throw new Error(`S3 PUT of ${key} refused (${res.status}): ${(await res.text()).slice(0, 200)}`);
}

async function presign(
  method: 'GET' | 'PUT',
  key: string,
  expiresIn: number,
  extra: { query?: Record<string, string> },
): Promise<string> {
  const { EXPORTS_BUCKET, S3_ENDPOINT, AWS_REGION } = env();
  const bucket = EXPORTS_BUCKET!;
  const objectPath = `/${key.split('/').map(encodeURIComponent).join('/')}`;
  const local = S3_ENDPOINT ? new URL(S3_ENDPOINT) : undefined;
  const request = new HttpRequest({
    method,
    protocol: local?.protocol ?? 'https:',
    hostname: local?.hostname ?? `${bucket}.s3.${AWS_REGION}.amazonaws.com`,
    ...(local?.port ? { port: Number(local.port) } : {}),
    path: local ? `/${bucket}${objectPath}` : objectPath,
    query: extra.query ?? {},
    headers: {},
  });
  const presigner = new S3RequestPresigner(signingConfig(AWS_REGION));
  return formatUrl(await presigner.presign(request, { expiresIn }));
}
