import { createHash } from 'node:crypto';
import type { ApiEvent } from './middleware.js';
import { env } from './env.js';

/**
 * The caller's address for per-client limits. Behind CloudFront, API Gateway's sourceIp is the edge
 * server, so the viewer's address is taken from `CloudFront-Viewer-Address` (set by CloudFront, which
 * overwrites a viewer's own) — but only when the request provably came through CloudFront (the
 * origin secret is configured; the middleware has already checked it). Elsewhere: sourceIp.
 */
export function clientAddress(event: ApiEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (env().ORIGIN_VERIFY_SECRET && viewer) return viewer.replace(/:\d+$/, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

/** Addresses are personal data: counters key on a hash, never the address itself. */
export const addressKey = (address: string) => createHash('sha256').update(address).digest('base64url').slice(0, 22);
