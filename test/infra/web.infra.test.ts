import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, isApiRequest } from '../../functions/routes';
import {
  API_ORIGIN_ID,
  CONTENT_SECURITY_POLICY,
  NOT_FOUND_PAGE,
  SPA_ORIGIN_ID,
} from '../../lib/constructs/web-distribution';
import { ORIGIN_VERIFY } from '../../functions/config/origin-verify';
import { PAGE_PATTERNS } from '../../frontend/src/page-routes';
import { refId, synthKintai, type Resources } from './synth';

/** Managed policy ids (documented by CloudFront, stable across accounts). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

let template: Template;
let resources: Resources;
let config: any;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** Runs a CloudFront Function's code in Node with a stand-in for the `cloudfront` module. */
function loadViewerFunction(logicalId: string) {
  const code: string = resources[logicalId]!.Properties.FunctionCode;
  const selected: string[] = [];
  const cf = { selectRequestOriginById: (id: string) => selected.push(id) };
  const body = code.replace(/^\s*import cf from 'cloudfront';\s*$/m, '');
  const handler = new Function('cf', `${body}\nreturn handler;`)(cf) as (e: unknown) => any;
  return {
    run(method: string, uri: string) {
      selected.length = 0;
      const request = handler({ request: { method, uri, querystring: { a: { value: '1' } }, headers: {} } });
      return { uri: request.uri as string, origin: selected[0] };
    },
    /** A viewer-response run: the status CloudFront sends for a 200 from the origin. */
    respond(method: string, uri: string) {
      const response = handler({
        request: { method, uri, querystring: {}, headers: {} },
        response: { statusCode: 200, statusDescription: 'OK', headers: {} },
      });
      return response.statusCode as number;
    },
  };
}

function functionOf(behavior: any, eventType = 'viewer-request'): string {
  const associations = behavior.FunctionAssociations ?? [];
  expect(associations.map((a: any) => a.EventType).sort()).toEqual(['viewer-request', 'viewer-response']);
  return refId(associations.find((a: any) => a.EventType === eventType).FunctionARN)!;
}

/** Page paths of the area routers with their parameters filled in, and paths none of them knows. */
const knownPages = [
  '/',
  '/employees',
  '/employees/info_items/01HX',
  '/management/01HXSTAFF',
  '/management/staff/01HX/edit',
  '/management/companies/01HX/edit',
  ...PAGE_PATTERNS.map((p) => p.replace(/:id/g, '01HX').replace(/\/\*$/, '/x/y')),
];
const unknownPages = ['/nope', '/employees/nope', '/management/staff/01HX/nope', '/users/sign_out'];

const pageOrApiPaths = [...new Set(ROUTES.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path))];

beforeAll(() => {
  ({ template } = synthKintai());
  resources = template.toJSON().Resources;
  const distributions = ofType('AWS::CloudFront::Distribution');
  expect(distributions).toHaveLength(1);
  config = distributions[0]![1].Properties.DistributionConfig;
});

describe('CloudFront origins', () => {
  it('serves the SPA bucket through Origin Access Control', () => {
    const spa = config.Origins.find((o: any) => o.Id === SPA_ORIGIN_ID);
    expect(spa.S3OriginConfig).toBeDefined();
    expect(spa.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    // The SPA bucket admits CloudFront (this distribution) only.
    const spaBucketId = ofType('AWS::S3::Bucket').find(
      ([, b]) => b.Properties.LoggingConfiguration?.LogFilePrefix === 's3/spa/',
    )![0];
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties.Bucket) === spaBucketId)!;
    const allow = policy.Properties.PolicyDocument.Statement.filter((s: any) => s.Effect === 'Allow');
    expect(allow).toHaveLength(1);
    expect(allow[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allow[0].Condition.StringEquals['AWS:SourceArn']).toBeDefined();
  });

  it('sends the origin-verify secret to the API origin over TLS 1.2 only', () => {
    const api = config.Origins.find((o: any) => o.Id === API_ORIGIN_ID);
    expect(api.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    const header = api.OriginCustomHeaders.find((h: any) => h.HeaderName === ORIGIN_VERIFY.header);
    expect(JSON.stringify(header.HeaderValue)).toContain('{{resolve:secretsmanager:');
  });
});

describe('CloudFront behaviours', () => {
  it('rewrites extension-less SPA paths to /index.html on the default behaviour (no error-page fallback)', () => {
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(SPA_ORIGIN_ID);
    expect(config.CustomErrorResponses).toBeUndefined();
    const spa = loadViewerFunction(functionOf(config.DefaultCacheBehavior));
    expect(spa.run('GET', '/employees/attendance')).toEqual({ uri: '/index.html', origin: undefined });
    expect(spa.run('GET', '/')).toEqual({ uri: '/index.html', origin: undefined });
    expect(spa.run('GET', '/assets/index-abc.js')).toEqual({ uri: '/assets/index-abc.js', origin: undefined });
    expect(spa.run('GET', '/favicon.ico').uri).toBe('/favicon.ico');
    for (const page of knownPages) expect(spa.run('GET', page).uri, page).toBe('/index.html');
    for (const page of unknownPages) expect(spa.run('GET', page).uri, page).toBe(NOT_FOUND_PAGE);
  });

  it('answers 404 for page paths the SPA router does not know, whichever URI the viewer-response event carries', () => {
    const behaviors = [
      config.DefaultCacheBehavior,
      ...config.CacheBehaviors.filter((b: any) => b.PathPattern !== '/api/*'),
    ];
    const ids = new Set(behaviors.map((b: any) => functionOf(b, 'viewer-response')));
    expect(ids.size).toBe(1);
    const status = loadViewerFunction([...ids][0]!);
    // The rewritten URI (the not-found shell) or the viewer's own.
    expect(status.respond('GET', NOT_FOUND_PAGE)).toBe(404);
    expect(status.respond('HEAD', NOT_FOUND_PAGE)).toBe(404);
    for (const page of unknownPages) expect(status.respond('GET', page), page).toBe(404);
    for (const page of knownPages) expect(status.respond('GET', page), page).toBe(200);
    for (const uri of ['/index.html', '/assets/index-abc.js', '/favicon.ico'])
      expect(status.respond('GET', uri)).toBe(200);
    // API answers on the page-or-API paths keep their status (the API sets its own).
    for (const uri of ['/users/sign_out', '/users/sign_in']) expect(status.respond('POST', uri), uri).toBe(200);
    // No custom error responses: a real API 404 or 403 stays JSON.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('sends /api/* and the sign-in paths to the API, uncached, with every method and viewer data', () => {
    const patterns = config.CacheBehaviors.map((b: any) => b.PathPattern).sort();
    expect(patterns).toEqual(['/api/*', ...pageOrApiPaths].sort());
    expect(pageOrApiPaths).toEqual(
      expect.arrayContaining(['/users/sign_in', '/companies/sign_in', '/operators/sign_in']),
    );
    for (const behavior of config.CacheBehaviors) {
      expect(behavior.TargetOriginId).toBe(API_ORIGIN_ID);
      expect(behavior.AllowedMethods).toEqual(
        expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']),
      );
      expect(behavior.CachePolicyId).toBe(CACHING_DISABLED);
      expect(behavior.OriginRequestPolicyId).toEqual({ Ref: expect.stringMatching(/ApiRequestPolicy/) });
      expect(behavior.ViewerProtocolPolicy).toBe(
        behavior.PathPattern === '/api/*' ? 'https-only' : 'redirect-to-https',
      );
    }
  });

  it("forwards cookies, query strings, the API's headers and the viewer address, never Host", () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::OriginRequestPolicy')) as any[];
    const cfg = policy.Properties.OriginRequestPolicyConfig;
    expect(cfg.CookiesConfig.CookieBehavior).toBe('all');
    expect(cfg.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(cfg.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(cfg.HeadersConfig.Headers).toEqual(
      expect.arrayContaining(['x-csrf-token', 'idempotency-key', 'content-type', 'CloudFront-Viewer-Address']),
    );
    expect(cfg.HeadersConfig.Headers.map((h: string) => h.toLowerCase())).not.toContain('host');
  });

  it('serves the page for GET/HEAD on sign-in paths and forwards writes to the API (same rule as isApiRequest)', () => {
    const behaviors = config.CacheBehaviors.filter((b: any) => b.PathPattern !== '/api/*');
    const ids = new Set<string>(behaviors.map((b: any) => functionOf(b)));
    expect(ids.size).toBe(1);
    const pageOrApi = loadViewerFunction([...ids][0]!);
    for (const pagePath of pageOrApiPaths) {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
        const result = pageOrApi.run(method, pagePath);
        if (isApiRequest(method, pagePath)) {
          expect(result, `${method} ${pagePath}`).toEqual({ uri: pagePath, origin: undefined });
        } else {
          const shell = knownPages.includes(pagePath) ? '/index.html' : NOT_FOUND_PAGE;
          expect(result, `${method} ${pagePath}`).toEqual({ uri: shell, origin: SPA_ORIGIN_ID });
        }
      }
    }
    expect(config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*').FunctionAssociations).toBeUndefined();
  });

  it('uses the cloudfront-js-2.0 runtime for the viewer functions', () => {
    const functions = ofType('AWS::CloudFront::Function');
    expect(functions).toHaveLength(3);
    for (const [, fn] of functions) expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
  });
});

describe('CloudFront security settings', () => {
  it('adds CSP, HSTS, frame denial, nosniff and a referrer policy to every behaviour', () => {
    const [[policyId, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, any]];
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 2 * 365 * 24 * 60 * 60,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(refId(behavior.ResponseHeadersPolicyId)).toBe(policyId);
    }
  });

  it('writes access logs to the log bucket and redirects HTTP to HTTPS', () => {
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.Enabled).toBe(true);
  });
});

describe('SPA upload', () => {
  it('deploys the built SPA only when a build exists', () => {
    expect(ofType('Custom::CDKBucketDeployment')).toHaveLength(0);
    const dist = mkdtempSync(path.join(tmpdir(), 'kintai-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>勤怠</title>');
    const withAssets = synthKintai({ webAssetsPath: dist }).template;
    withAssets.resourceCountIs('Custom::CDKBucketDeployment', 1);
    withAssets.hasResourceProperties('Custom::CDKBucketDeployment', { DistributionPaths: ['/*'] });
    // index.html and its copy under the not-found key (served with 404 for unknown page paths).
    const [deployment] = Object.values(withAssets.findResources('Custom::CDKBucketDeployment')) as any[];
    expect(deployment.Properties.SourceObjectKeys).toHaveLength(2);
  });
});
