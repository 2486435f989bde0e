import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import type { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { createKintaiApp } from '../../lib/kintai-app';
import { STAGE } from './synth';

const PACKS = { AwsSolutions: () => new AwsSolutionsChecks(), Serverless: () => new ServerlessChecks() } as const;

/**
 * cdk-nag 3: run both packs over the whole app (both stacks) and list what is not acknowledged,
 * per pack. The app is synthesised first: cross-region reference resources only exist after CDK's
 * prepare phase.
 */
function findings(app: App): Record<keyof typeof PACKS, string[]> {
  app.synth();
  const run = (pack: NagPack) =>
    pack
      .validateScope(app)
      .violations.flatMap((v) =>
        v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}: ${v.description}`),
      );
  return { AwsSolutions: run(PACKS.AwsSolutions()), Serverless: run(PACKS.Serverless()) };
}

const outdir = () => mkdtempSync(path.join(tmpdir(), 'kintai-nag-'));
const CLEAN = { AwsSolutions: [], Serverless: [] };

describe('cdk-nag AwsSolutions and Serverless packs', () => {
  it('report no unacknowledged error or warning for either stack', () => {
    const { app, edgeStack } = createKintaiApp({
      stage: STAGE,
      nag: false,
      bundle: false,
      webAssetsPath: null,
      outdir: outdir(),
    });
    expect(edgeStack).toBeDefined();
    const found = findings(app);
    for (const [pack, list] of Object.entries(found))
      console.log(`cdk-nag ${pack}: ${list.length} unacknowledged findings`);
    expect(found).toEqual(CLEAN);
  });

  it('stay clean with the SPA upload and a concrete account (literal ARNs in findings)', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'kintai-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    const { app } = createKintaiApp({
      stage: 'prod',
      account: '123456789012',
      nag: false,
      bundle: false,
      webAssetsPath: dist,
      outdir: outdir(),
    });
    expect(findings(app)).toEqual(CLEAN);
  });

  it('stay clean with an existing web ACL given instead of the edge stack', () => {
    const { app } = createKintaiApp({
      stage: STAGE,
      nag: false,
      bundle: false,
      webAssetsPath: null,
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/existing/abcd',
      outdir: outdir(),
    });
    expect(findings(app)).toEqual(CLEAN);
  });

  it('stay clean on the Lite Cognito plan (no threat protection)', () => {
    const { app } = createKintaiApp({
      stage: STAGE,
      nag: false,
      bundle: false,
      webAssetsPath: null,
      cognitoPlan: 'lite',
      outdir: outdir(),
    });
    expect(findings(app)).toEqual(CLEAN);
  });
});

describe('cdk-nag gate', () => {
  it('registers both packs as synthesis plugins', () => {
    const { nag } = createKintaiApp({ stage: STAGE, bundle: false, webAssetsPath: null, outdir: outdir() });
    expect(nag.map((p) => p.readPackName)).toEqual(['AwsSolutions', 'Serverless']);
  });

  it('gives every acknowledgment a written reason', () => {
    const { app } = createKintaiApp({ stage: STAGE, nag: false, bundle: false, webAssetsPath: null, outdir: outdir() });
    const acknowledged: Array<[string, string]> = [];
    for (const node of app.node.findAll()) {
      for (const entry of node.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        acknowledged.push(...Object.entries(entry.data as Record<string, string>));
      }
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) {
      expect(reason.length, id).toBeGreaterThan(40);
    }
    const ids = new Set(acknowledged.map(([id]) => id.replace(/\[.*$/, '')));
    console.log(`cdk-nag acknowledgements: ${acknowledged.length} (${[...ids].sort().join(', ')})`);
  });

  it('fails synthesis (the gate `npm run synth` relies on) when a finding is not acknowledged', () => {
    const clean = createKintaiApp({ stage: STAGE, bundle: false, webAssetsPath: null, outdir: outdir() });
    expect(() => clean.app.synth()).not.toThrow();

    const dirty = createKintaiApp({ stage: STAGE, bundle: false, webAssetsPath: null, outdir: outdir() });
    new s3.Bucket(dirty.stack, 'UnreviewedBucket');
    expect(() => dirty.app.synth()).toThrow(/AwsSolutions-S1/);

    // A Serverless-pack finding (a DLQ-less, untraced function) fails it as well.
    const serverless = createKintaiApp({ stage: STAGE, bundle: false, webAssetsPath: null, outdir: outdir() });
    const fn = new lambda.Function(serverless.stack, 'UnreviewedFunction', {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('export const handler = async () => ({});'),
    });
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'Test fixture: only the Serverless pack finding should remain and fail the synthesis.',
    });
    expect(() => serverless.app.synth()).toThrow(/Serverless-LambdaDLQ/);
  });
});
