import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../env.js';
import { s3 } from './s3.js';

/**
 * A presigned GET link for an export file. Its own module so that the export routes import the S3
 * client and the presigner only when a finished job needs a link (functions/exports/jobs.ts).
 */
export function presignedDownload(key: string, contentDisposition: string, contentType: string, expiresIn: number): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: env().EXPORTS_BUCKET!, Key: key, ResponseContentDisposition: contentDisposition, ResponseContentType: contentType }),
    { expiresIn },
  );
}
