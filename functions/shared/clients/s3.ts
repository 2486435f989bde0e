import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env.js';

let client: S3Client | undefined;

export function s3(): S3Client {
  if (!client) {
    const { S3_ENDPOINT, AWS_REGION } = env();
    // s3rver only understands path-style addressing.
    client = new S3Client({
      region: AWS_REGION,
      ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
    });
  }
  return client;
}
