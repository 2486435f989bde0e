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
 * on s3rver's endpoint (s3rver checks the signature, so the integration tests download through it).
 */
export async function presignedDownload(
  key: string,
  contentDisposition: string,
  contentType: string,
  expiresIn: number,
): Promise<string> {
  const { EXPORTS_BUCKET, S3_ENDPOINT, AWS_REGION } = env();
  const bucket = EXPORTS_BUCKET!;
  const objectPath = `/${key.split('/').map(encodeURIComponent).join('/')}`;
  const local = S3_ENDPOINT ? new URL(S3_ENDPOINT) : undefined;
  const request = new HttpRequest({
    method: 'GET',
    protocol: local?.protocol ?? 'https:',
    hostname: local?.hostname ?? `${bucket}.s3.${AWS_REGION}.amazonaws.com`,
    ...(local?.port ? { port: Number(local.port) } : {}),
    path: local ? `/${bucket}${objectPath}` : objectPath,
    query: { 'response-content-disposition': contentDisposition, 'response-content-type': contentType },
    headers: {},
  });
  const presigner = new S3RequestPresigner(signingConfig(AWS_REGION));
  return formatUrl(await presigner.presign(request, { expiresIn }));
}
