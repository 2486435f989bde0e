/**
 * Shared synthesis for the infrastructure tests: the real app factory (bin/app.ts uses the same),
 * without esbuild bundling (templates do not depend on the bundled code; bundling has its own
 * test) and without the cdk-nag plugin (nag.infra.test.ts runs the rules itself, so a finding is
 * reported as a test failure rather than as a synthesis error in every file).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { createKintaiApp, type KintaiAppOptions } from '../../lib/kintai-app';

export const STAGE = 'test';

export function synthKintai(options: KintaiAppOptions = {}) {
  const built = createKintaiApp({
    stage: STAGE,
    nag: false,
    bundle: false,
    webAssetsPath: null,
    outdir: mkdtempSync(path.join(tmpdir(), 'kintai-infra-')),
    ...options,
  });
  return {
    ...built,
    template: Template.fromStack(built.stack),
    /** The us-east-1 stack (WAF); undefined when an existing web ACL ARN is passed. */
    edgeTemplate: built.edgeStack ? Template.fromStack(built.edgeStack) : undefined,
  };
}

export type Resources = Record<string, { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string }>;

/** `{ "Fn::GetAtt": [id, "Arn"] }` or `{ Ref: id }` → id. */
export function refId(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.Ref === 'string') return v.Ref;
    const getAtt = v['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  }
  return undefined;
}

/** Every logical id referenced anywhere inside a template fragment. */
export function referencedIds(fragment: unknown): Set<string> {
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const id = refId(node);
      if (id) ids.add(id);
      Object.values(node).forEach(walk);
    }
  };
  walk(fragment);
  return ids;
}
