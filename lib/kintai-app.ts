import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import { PROJECT_ROOT } from './constructs/api-function';
import { COGNITO_PLANS, DEFAULT_COGNITO_PLAN, isCognitoPlan, type CognitoPlan } from './constructs/kintai-user-pool';
import { EDGE_REGION, KintaiEdgeStack } from './kintai-edge-stack';
import { KintaiStack } from './kintai-stack';

/**
 * Feature flags this app relies on, fixed in code (not only in cdk.json) so that `cdk synth` and
 * the infrastructure tests, which build the App directly, produce the same template.
 */
export const FEATURE_FLAGS = {
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:publicAccessBlockedByDefault': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/aws-cloudfront:defaultSecurityPolicyTLSv1.2_2021': true,
  '@aws-cdk/core:enablePartitionLiterals': true,
  // The web ACL's ARN crosses from us-east-1 by CDK's ExportWriter/ExportReader pair, which keeps
  // the edge stack from being deleted while the distribution still uses the ACL. ("weak" would read
  // it with Fn::GetStackOutput instead, without that protection.)
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
} as const;

const DEFAULT_REGION = 'ap-northeast-1';

export interface KintaiAppOptions {
  /** Overrides context `stage`. */
  readonly stage?: string;
  /** Overrides context `region`. */
  readonly region?: string;
  readonly account?: string;
  /**
   * Register the cdk-nag AwsSolutions and Serverless packs so that any unacknowledged finding fails
   * synthesis. @default true
   */
  readonly nag?: boolean;
  /**
   * An existing CloudFront-scope web ACL to attach instead of creating the edge stack. Overrides
   * context `webAclArn` (`npx cdk synth -c webAclArn=arn:aws:wafv2:us-east-1:...`).
   */
  readonly webAclArn?: string;
  /**
   * Cognito feature plan of the user pools. Overrides context `cognitoPlan`
   * (`npx cdk deploy -c cognitoPlan=essentials`). @default DEFAULT_COGNITO_PLAN ('plus')
   */
  readonly cognitoPlan?: CognitoPlan;
  /** Sender address of the product's mail. Overrides context `mailFrom`. */
  readonly mailFrom?: string;
  /** Public origin for the links in mails. Overrides context `appUrl`. */
  readonly appUrl?: string;
  /** Bundle the Lambda code with esbuild. Tests switch it off: templates do not need the code. @default true */
  readonly bundle?: boolean;
  /** SPA build to upload; defaults to frontend/dist when it exists. `null` skips the upload. */
  readonly webAssetsPath?: string | null;
  /** Output directory of the cloud assembly (tests use a temporary one). */
  readonly outdir?: string;
}

export interface KintaiApp {
  readonly app: App;
  readonly stack: KintaiStack;
  /** The us-east-1 stack holding the web ACL; absent when an existing ACL ARN is given. */
  readonly edgeStack?: KintaiEdgeStack;
  readonly nag: readonly NagPack[];
}

/** Builds the CDK app. Used by bin/app.ts and by the infrastructure tests. */
export function createKintaiApp(options: KintaiAppOptions = {}): KintaiApp {
  const app = new App({
    outdir: options.outdir,
    context: {
      ...FEATURE_FLAGS,
      // An empty list skips asset bundling for every stack.
      ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}),
    },
  });

  const stage = options.stage ?? contextString(app, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) {
    throw new Error(`Invalid stage "${stage}": lowercase letters, digits and dashes, at most 16 characters`);
  }
  const region = options.region ?? contextString(app, 'region') ?? DEFAULT_REGION;
  const account = options.account ?? process.env.CDK_DEFAULT_ACCOUNT;

  const defaultDist = path.join(PROJECT_ROOT, 'frontend', 'dist');
  const webAssetsPath =
    options.webAssetsPath === null
      ? undefined
      : (options.webAssetsPath ?? (existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : undefined));

  const cognitoPlan = options.cognitoPlan ?? contextString(app, 'cognitoPlan') ?? DEFAULT_COGNITO_PLAN;
  if (!isCognitoPlan(cognitoPlan)) {
    throw new Error(`Invalid cognitoPlan "${cognitoPlan}": one of ${COGNITO_PLANS.join(', ')}`);
  }

  const tags = { project: 'kintai', stage };
  const givenWebAclArn = options.webAclArn ?? contextString(app, 'webAclArn');
  // CloudFront-scope WAF exists only in us-east-1: a small stack there, referenced across regions.
  const edgeStack = givenWebAclArn
    ? undefined
    : new KintaiEdgeStack(app, `Kintai-${stage}-edge`, {
        stage,
        env: { account, region: EDGE_REGION },
        description: `Kintai attendance management (${stage}): WAF web ACL for CloudFront`,
        tags,
      });

  const stack = new KintaiStack(app, `Kintai-${stage}`, {
    stage,
    env: { account, region },
    description: `Kintai attendance management (${stage})`,
    webAssetsPath,
    webAclArn: givenWebAclArn ?? edgeStack!.webAcl.webAclArn,
    crossRegionReferences: edgeStack !== undefined && region !== EDGE_REGION,
    cognitoPlan,
    mailFrom: options.mailFrom ?? contextString(app, 'mailFrom'),
    appUrl: options.appUrl ?? contextString(app, 'appUrl'),
    tags,
  });

  const nag: NagPack[] = [];
  if (options.nag !== false) {
    nag.push(new AwsSolutionsChecks(app), new ServerlessChecks(app));
    Validations.of(app).addPlugins(...nag);
  }
  return { app, stack, edgeStack, nag };
}

function contextString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
