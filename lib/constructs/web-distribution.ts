import {
  CfnElement,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  Token,
  Validations,
  type SecretValue,
} from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORIGIN_VERIFY } from '../../functions/config/origin-verify';
import { PAGE_PATTERNS, patternSource } from '../../frontend/src/page-routes';

/** Explicit origin ids: the page-or-API function selects the SPA origin by this id. */
export const SPA_ORIGIN_ID = 'spa';
export const API_ORIGIN_ID = 'api';

/**
 * Content-Security-Policy of every response. The SPA is a same-origin bundle (no inline scripts,
 * no third-party hosts); inline styles stay allowed for React `style` props.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * S3 key of the SPA shell served for page paths the SPA's router does not know. Uploaded as a copy of
 * index.html, so the app boots and renders its 404 page; the viewer-response function gives it status 404.
 */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * The page paths of frontend/src/page-routes.ts (the list the area routers use) as CloudFront
 * Functions code: `isPage(uri)` is true for a path some area router renders a page for.
 */
const IS_PAGE_CODE = `
var PAGES = ${JSON.stringify(PAGE_PATTERNS.map(patternSource))}.map(function (p) { return new RegExp(p); });
function isPage(uri) {
  for (var i = 0; i < PAGES.length; i++) if (PAGES[i].test(uri)) return true;
  return false;
}
function isFile(uri) {
  return uri.lastIndexOf('.') > uri.lastIndexOf('/');
}`;

/**
 * Client-side routes have no file extension: known pages get the SPA shell, unknown ones its copy
 * NOT_FOUND_PAGE. A viewer-request rewrite is used instead of 403/404 custom error responses, which
 * would also turn real API 404s (and 403s) into HTML.
 */
const SPA_REWRITE_CODE = `${IS_PAGE_CODE}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (!isFile(uri)) {
    request.uri = isPage(uri) ? '/index.html' : '${NOT_FOUND_PAGE}';
  }
  return request;
}`;

/**
 * CloudFront Functions cannot set a status in viewer-request without replacing the body, so the status
 * is set on the way out (reads only: API answers on the page-or-API paths keep theirs): 404 for the not-found shell, whichever of the viewer's URI (unknown page path)
 * or the rewritten one (NOT_FOUND_PAGE) the event carries. Cached responses pass through here too.
 */
const NOT_FOUND_STATUS_CODE = `${IS_PAGE_CODE}
function handler(event) {
  var response = event.response;
  var request = event.request;
  var uri = request.uri;
  var read = request.method === 'GET' || request.method === 'HEAD';
  if (read && (uri === '${NOT_FOUND_PAGE}' || (!isFile(uri) && !isPage(uri)))) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;

/**
 * \`/users/sign_in\` and friends are both a page (GET, from the SPA bucket) and an API route
 * (POST/DELETE, to the HTTP API). The behaviour points at the API; reads are sent to the SPA origin
 * (the shell for a page, the not-found shell for `/users/sign_out` and other API-only paths).
 * Mirrors isApiRequest() in functions/routes.ts, which the local gateway uses.
 */
const PAGE_OR_API_CODE = `
import cf from 'cloudfront';
${IS_PAGE_CODE}
function handler(event) {
  var request = event.request;
  if (request.method === 'GET' || request.method === 'HEAD') {
    request.uri = isPage(request.uri) ? '/index.html' : '${NOT_FOUND_PAGE}';
    request.querystring = {};
    cf.selectRequestOriginById('${SPA_ORIGIN_ID}');
  }
  return request;
}`;

export interface WebDistributionProps {
  /** Prefixes the CloudFront function names (they are account-wide). */
  readonly namePrefix: string;
  readonly spaBucket: s3.IBucket;
  /** Host name of the HTTP API's execute-api endpoint. */
  readonly apiDomainName: string;
  /** Paths outside `/api/` that are both SPA pages and API routes (from the route table). */
  readonly pageOrApiPaths: readonly string[];
  /** Value CloudFront sends in the origin-verify header to the API. */
  readonly originVerifyValue: SecretValue;
  /** Receives CloudFront standard logs (needs ACL-capable object ownership). */
  readonly logBucket: s3.IBucket;
  /** A WAFv2 web ACL (scope CLOUDFRONT, in us-east-1) to attach, when one exists. */
  readonly webAclArn?: string;
  /** Built SPA (frontend/dist) to upload; skipped when absent. */
  readonly webAssetsPath?: string;
}

/**
 * The single public entry point: the SPA from a private bucket (Origin Access Control) and the API
 * under the same origin, so cookies are first-party and no CORS is needed.
 */
export class WebDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP, HSTS and framing protection for the SPA and the API',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    const spaOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.spaBucket, {
      originId: SPA_ORIGIN_ID,
    });
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      originId: API_ORIGIN_ID,
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // A header of the same name sent by a viewer is overwritten by CloudFront.
      customHeaders: { [ORIGIN_VERIFY.header]: props.originVerifyValue.unsafeUnwrap() },
    });

    const viewerFunction = (fnId: string, name: string, code: string) =>
      new cloudfront.Function(this, fnId, {
        functionName: `${props.namePrefix}-${name}`,
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        code: cloudfront.FunctionCode.fromInline(code),
      });
    const spaRewrite = viewerFunction('SpaRewrite', 'spa-rewrite', SPA_REWRITE_CODE);
    const pageOrApi = viewerFunction('PageOrApi', 'page-or-api', PAGE_OR_API_CODE);
    const notFoundStatus = viewerFunction('NotFoundStatus', 'not-found-status', NOT_FOUND_STATUS_CODE);
    const notFoundResponse = { function: notFoundStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE };

    // Only what the API reads reaches it: cookies, query strings, the request headers the handlers use,
    // and CloudFront-Viewer-Address (the visitor's address for rate limits; API Gateway's sourceIp is
    // the edge server). Host stays the execute-api host.
    const apiRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'ApiRequestPolicy', {
      originRequestPolicyName: `${props.namePrefix}-api-requests`,
      comment: 'Cookies, query strings and the headers the API reads',
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'content-type',
        'accept',
        'x-csrf-token',
        // The API refuses state-changing calls a browser marks cross-site (functions/shared/auth/csrf.ts).
        // Origin is not forwarded: Host here is the execute-api host, so it could not be compared.
        'sec-fetch-site',
        'idempotency-key',
        'user-agent',
        'CloudFront-Viewer-Address',
      ),
    });

    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: apiRequestPolicy,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    };
    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = { '/api/*': apiBehavior };
    for (const pagePath of props.pageOrApiPaths) {
      additionalBehaviors[pagePath] = {
        ...apiBehavior,
        // Also a page: a plain-HTTP GET is redirected like any other page (HSTS makes it rare).
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: [
          { function: pageOrApi, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          notFoundResponse,
        ],
      };
    }

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${props.namePrefix} web and API`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // No minimumProtocolVersion: it is ignored with the default certificate (see CFR4 below).
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          notFoundResponse,
        ],
        compress: true,
      },
      additionalBehaviors,
    });

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Customers are companies in many regions (design card); no country is excluded.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate always allows TLSv1 for viewers and ignores minimumProtocolVersion. ' +
          'Attaching a custom domain with an ACM certificate (us-east-1) allows TLS_V1_2_2021 (the feature-flag default).',
      },
    );
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'A CloudFront web ACL must be created in us-east-1, outside this regional stack; pass its ARN with ' +
          '-c webAclArn=... to attach it. Until then the API applies stage throttling and per-account rate limits.',
      });
    }

    if (props.webAssetsPath) {
      this.deployWebAssets(props.webAssetsPath, props.spaBucket);
    }
  }

  private deployWebAssets(assetsPath: string, bucket: s3.IBucket): void {
    new s3deploy.BucketDeployment(this, 'DeployWeb', {
      sources: [s3deploy.Source.asset(assetsPath), ...notFoundShell(assetsPath)],
      destinationBucket: bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // The upload runs in CDK's singleton custom-resource Lambda, created at stack level. Its
    // permissions are CDK's, not ours: acknowledge each finding by name so a new one still fails.
    const stack = Stack.of(this);
    const literal = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
    const assetsBucketArn =
      `arn:${literal(stack.partition, '<AWS::Partition>')}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-` +
      `${literal(stack.account, '<AWS::AccountId>')}-${literal(stack.region, '<AWS::Region>')}`;
    const reason =
      'CDK-managed deployment helper (aws-s3-deployment) that copies the SPA build during deployments only';
    const findings = [
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-L1',
      ...['GetBucket*', 'GetObject*', 'List*', 'Abort*', 'DeleteObject*'].map(
        (a) => `AwsSolutions-IAM5[Action::s3:${a}]`,
      ),
      `AwsSolutions-IAM5[Resource::${assetsBucketArn}/*]`,
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      // cloudfront:CreateInvalidation / GetInvalidation cannot be scoped by CDK's helper.
      'AwsSolutions-IAM5[Resource::*]',
      // Serverless pack: CloudFormation invokes the helper synchronously (a failure fails the
      // deployment, so no dead-letter queue), its runtime is pinned by aws-cdk-lib, and it is not
      // part of any request path worth tracing.
      'Serverless-LambdaDLQ',
      'Serverless-LambdaLatestVersion',
      'Serverless-LambdaTracing',
    ];
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      for (const id of findings) Validations.of(child).acknowledge({ id, reason });
    }
  }
}

/** NOT_FOUND_PAGE: the built index.html under a second key, when the build has one. */
function notFoundShell(assetsPath: string): s3deploy.ISource[] {
  const shell = join(assetsPath, 'index.html');
  return existsSync(shell) ? [s3deploy.Source.data(NOT_FOUND_PAGE.slice(1), readFileSync(shell, 'utf8'))] : [];
}
