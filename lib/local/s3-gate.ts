/**
 * A SigV4 gate in front of s3rver (issue 30 item 7). s3rver answers unsigned requests, zeroed
 * signatures and bucket listings: on the local stack every company's export files were readable by
 * anyone on the machine who could guess a key. AWS S3 answers only requests signed with a known key;
 * so does the local stack now: this server listens on the S3 port, checks each request's Signature
 * Version 4 — the Authorization header of the SDK clients, or the X-Amz-* query of a presigned link,
 * within its expiry — by recomputing it with the SDK's own signer, and only then passes the request on
 * to s3rver on a private port. Anything else gets S3's 403 AccessDenied.
 *
 * Not checked, as a local stand-in: the payload hash against the body (the header's declared hash is
 * signed, as on AWS) and clock skew of header-signed requests.
 */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Sha256 } from '@aws-sdk/checksums/sha';
import { HttpRequest } from '@smithy/core/protocols';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';

export interface S3Gate {
  server: Server;
  stop(): Promise<void>;
}

/** The access keys the gate accepts (id → secret): the ones the local SDK clients sign with. */
export type S3Keys = ReadonlyMap<string, string>;

const AUTH_QUERY = [
  'X-Amz-Algorithm',
  'X-Amz-Content-Sha256',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];

/** `20261128T010203Z` → the instant. */
function amzDate(text: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

interface Claim {
  accessKeyId: string;
  region: string;
  signedHeaders: string[];
  signature: string;
  date: Date;
  /** Presigned links only: seconds from `date` the link is valid. */
  expiresIn?: number;
}

/** What the request claims about its signature, or null when it carries none (or a malformed one). */
function claimOf(req: IncomingMessage, query: URLSearchParams): Claim | null {
  const credential = (text: string) => {
    const [accessKeyId, , region, service, terminator] = text.split('/');
    return accessKeyId && region && service === 's3' && terminator === 'aws4_request' ? { accessKeyId, region } : null;
  };
  const header = req.headers.authorization;
  if (header) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header,
    );
    const who = m ? credential(m[1]!) : null;
    const date = amzDate(req.headers['x-amz-date'] as string | undefined);
    if (!m || !who || !date) return null;
    return { ...who, signedHeaders: m[2]!.split(';'), signature: m[3]!, date };
  }
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return null;
  const who = credential(query.get('X-Amz-Credential') ?? '');
  const date = amzDate(query.get('X-Amz-Date') ?? undefined);
  const expiresIn = Number(query.get('X-Amz-Expires'));
  const signature = query.get('X-Amz-Signature') ?? '';
  if (!who || !date || !Number.isInteger(expiresIn) || expiresIn < 1 || !/^[0-9a-f]{64}$/.test(signature)) return null;
  return {
    ...who,
    signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature,
    date,
    expiresIn,
  };
}

/** Whether the request is signed with one of `keys`, as the SDK signs, and (presigned) not expired. */
async function isSignedRequest(req: IncomingMessage, keys: S3Keys, now = new Date()): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://gate');
  const claim = claimOf(req, url.searchParams);
  const secretAccessKey = claim ? keys.get(claim.accessKeyId) : undefined;
  if (!claim || !secretAccessKey) return false;
  if (claim.expiresIn !== undefined && now.getTime() > claim.date.getTime() + claim.expiresIn * 1000) return false;

  const headers: Record<string, string> = {};
  for (const name of claim.signedHeaders) {
    const value = req.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    if (claim.expiresIn !== undefined && AUTH_QUERY.includes(k)) continue;
    const had = query[k];
    query[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  const [hostname, port] = (headers.host ?? '').split(':');
  const request = new HttpRequest({
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname: hostname ?? '',
    ...(port ? { port: Number(port) } : {}),
    path: url.pathname,
    query,
    headers,
  });
  const signedHeaders = new Set(claim.signedHeaders);
  let expected: string | undefined;
  if (claim.expiresIn !== undefined) {
    // The SDK's S3 presigner, which signs the link's UNSIGNED-PAYLOAD as the product's links do.
    const presigner = new S3RequestPresigner({
      region: claim.region,
      credentials: { accessKeyId: claim.accessKeyId, secretAccessKey },
      sha256: Sha256,
    });
    const signed = await presigner.presign(request, {
      signingDate: claim.date,
      expiresIn: claim.expiresIn,
      unsignableHeaders: new Set(Object.keys(headers).filter((h) => !signedHeaders.has(h))),
    });
    expected = String(signed.query?.['X-Amz-Signature'] ?? '');
  } else {
    // S3's signer: paths are signed as sent (no second URI encoding), no checksum header added.
    const signer = new SignatureV4({
      service: 's3',
      region: claim.region,
      credentials: { accessKeyId: claim.accessKeyId, secretAccessKey },
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
    const signed = await signer.sign(request, {
      signingDate: claim.date,
      unsignableHeaders: new Set(Object.keys(headers).filter((h) => !signedHeaders.has(h))),
    });
    expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization ?? ''))?.[1];
  }
  return expected === claim.signature;
}

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

/** Starts the gate on `port` (0 = any), passing signed requests on to s3rver at `upstreamPort`. */
export async function startS3Gate(host: string, port: number, upstreamPort: number, keys: S3Keys): Promise<S3Gate> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    isSignedRequest(req, keys).then(
      (signed) => {
        if (!signed) {
          req.resume();
          res.writeHead(403, { 'content-type': 'application/xml' }).end(ACCESS_DENIED);
          return;
        }
        const upstream = forward(
          { host, port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        req.pipe(upstream);
      },
      () => {
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  return {
    server,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
