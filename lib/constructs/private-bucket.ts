import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface PrivateBucketProps {
  /** Physical name; omit to let CloudFormation generate one. */
  readonly bucketName?: string;
  /** Where S3 server access logs go. Omit only for the log bucket itself. */
  readonly accessLogs?: { readonly bucket: s3.IBucket; readonly prefix: string };
  /** Objects are deleted this many days after creation. */
  readonly expireAfterDays?: number;
  /** Only objects under this key prefix expire (default: every object). */
  readonly expirePrefix?: string;
  /**
   * CloudFront standard logging writes through object ACLs, so the bucket that receives those
   * logs cannot enforce bucket-owner-only ownership.
   * @default false
   */
  readonly allowLogDeliveryAcls?: boolean;
  /** Object Lock default retention (turns versioning and Object Lock on). */
  readonly objectLockDefaultRetention?: s3.ObjectLockRetention;
  /** Lifecycle rules beyond the house ones (abort incomplete uploads, `expireAfterDays`). */
  readonly lifecycleRules?: s3.LifecycleRule[];
  /** Which objects lifecycle transitions skip by size (S3's default: 128 KB and under). */
  readonly transitionDefaultMinimumObjectSize?: s3.TransitionDefaultMinimumObjectSize;
}

/**
 * An S3 bucket with the house defaults: never public, TLS only, SSE-S3, retained on stack
 * deletion. SSE-S3 rather than KMS: CloudFront (OAC), presigned downloads and CloudFront log
 * delivery all work with it without extra key policies.
 */
export class PrivateBucket extends s3.Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps = {}) {
    super(scope, id, {
      bucketName: props.bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: props.allowLogDeliveryAcls
        ? s3.ObjectOwnership.BUCKET_OWNER_PREFERRED
        : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs?.bucket,
      serverAccessLogsPrefix: props.accessLogs?.prefix,
      removalPolicy: RemovalPolicy.RETAIN,
      ...(props.objectLockDefaultRetention
        ? { versioned: true, objectLockEnabled: true, objectLockDefaultRetention: props.objectLockDefaultRetention }
        : {}),
      transitionDefaultMinimumObjectSize: props.transitionDefaultMinimumObjectSize,
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(props.expireAfterDays === undefined
          ? []
          : [{ id: 'expire', expiration: Duration.days(props.expireAfterDays), prefix: props.expirePrefix }]),
        ...(props.lifecycleRules ?? []),
      ],
    });
  }
}
