import { Sha256 } from '@aws-sdk/checksums/sha';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import type { AwsCredentialIdentityProvider } from '@smithy/types';

/**
 * What the SDK's own signers need (SigV4 with the SDK's SHA-256 and credential chain), for the two
 * calls that the export routes make without a full service client: presigning an S3 GET and starting
 * the export worker. A full S3 or Lambda client would add ~120 KB to those routes' cold start for a
 * single request each. In Lambda bundles the credential chain is the environment-only shim
 * (lib/constructs/bundle-options.ts), as for the DynamoDB client.
 */
export function signingConfig(region: string): {
  region: string;
  credentials: AwsCredentialIdentityProvider;
  sha256: typeof Sha256;
} {
  // A chain per call, not one memoised for the process: each call signs once, and on Lambda the
  // chain is just a read of the environment.
  return { region, credentials: defaultProvider(), sha256: Sha256 };
}
