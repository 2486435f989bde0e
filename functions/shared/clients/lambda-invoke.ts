import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { signingConfig } from './signing.js';

/** Lambda answers an accepted asynchronous invocation with 202. */
const ACCEPTED = 202;

/**
 * Starts a function asynchronously: Lambda's Invoke API with `X-Amz-Invocation-Type: Event`, signed
 * with the SDK's SigV4 signer and sent with fetch. It is the export routes' only Lambda call, so the
 * ~120 KB Lambda client would be there for one request (see signing.ts).
 */
export async function invokeAsync(
  functionName: string,
  payload: unknown,
  region: string,
  timeoutMs = 5_000,
): Promise<void> {
  const hostname = `lambda.${region}.amazonaws.com`;
  const body = JSON.stringify(payload);
  const signer = new SignatureV4({ ...signingConfig(region), service: 'lambda' });
  const signed = await signer.sign(
    new HttpRequest({
      method: 'POST',
      protocol: 'https:',
      hostname,
      path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
      headers: { host: hostname, 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
      body,
    }),
  );
  const response = await fetch(`https://${hostname}${signed.path}`, {
    method: 'POST',
    headers: signed.headers,
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status !== ACCEPTED) {
    throw new Error(`Lambda Invoke of ${functionName} failed: ${response.status} ${await response.text()}`);
  }
}
