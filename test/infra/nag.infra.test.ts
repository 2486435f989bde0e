import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { createKintaiApp } from '../../lib/kintai-app';
import { STAGE } from './synth';

/** cdk-nag 3: run the pack over the construct tree and list what is not acknowledged. */
function findings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}: ${v.description}`),
  );
}

const outdir = () => mkdtempSync(path.join(tmpdir(), 'kintai-nag-'));

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged error or warning for the stack', () => {
    const { app } = createKintaiApp({ stage: STAGE, nag: false, bundle: false, webAssetsPath: null, outdir: outdir() });
    expect(findings(app)).toEqual([]);
  });

  it('stays clean with the SPA upload and a concrete account (literal ARNs in findings)', () => {
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
    expect(findings(app)).toEqual([]);
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
  });

  it('fails synthesis (the gate `npm run synth` relies on) when a finding is not acknowledged', () => {
    const clean = createKintaiApp({ stage: STAGE, bundle: false, webAssetsPath: null, outdir: outdir() });
    expect(() => clean.app.synth()).not.toThrow();

    const dirty = createKintaiApp({ stage: STAGE, bundle: false, webAssetsPath: null, outdir: outdir() });
    new s3.Bucket(dirty.stack, 'UnreviewedBucket');
    expect(() => dirty.app.synth()).toThrow(/AwsSolutions-S1/);
  });
});
