/**
 * Shared synthesis for the infrastructure tests: the real app factory (bin/app.ts uses the same),
 * without esbuild bundling (templates do not depend on the bundled code; bundling has its own
 * test) and without the cdk-nag plugin (nag.infra.test.ts runs the rules itself, so a finding is
 * reported as a test failure rather than as a synthesis error in every file).
 *
 * The API's routes live in nested stacks (one per route area). `template` is the regional stack
 * with its nested stacks folded in: each nested template's parameters are replaced by the values
 * the parent passes and each `Outputs.X` attribute by the output's value, so a reference from a
 * route's role to the table reads `{ "Fn::GetAtt": [table, "Arn"] }` as if it were one stack, and
 * the assertions need not know where a resource was deployed. `stacks` lists the real templates.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
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
  const stacks = stackTemplates(built.stack);
  return {
    ...built,
    /** The regional stack with its nested stacks folded in (see above). */
    template: Template.fromJSON(folded(built.stack)),
    /** Every real template of the regional stack: the parent first, then its nested stacks. */
    stacks,
    /** The us-east-1 stack (WAF); undefined when an existing web ACL ARN is passed. */
    edgeTemplate: built.edgeStack ? Template.fromStack(built.edgeStack) : undefined,
  };
}

export type Resources = Record<
  string,
  { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string }
>;

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

export interface StackTemplate {
  /** Construct path, e.g. `Kintai-test/Api/SessionsRoutes`. */
  readonly path: string;
  readonly nested: boolean;
  readonly json: {
    Resources: Resources;
    Parameters?: Record<string, unknown>;
    Outputs?: Record<string, { Value: unknown }>;
  };
}

/** The stack's own template and those of every nested stack below it, depth first. */
export function stackTemplates(stack: Stack): StackTemplate[] {
  const own: StackTemplate = {
    path: stack.node.path,
    nested: NestedStack.isNestedStack(stack),
    json: Template.fromStack(stack).toJSON() as StackTemplate['json'],
  };
  return [own, ...nestedStacksOf(stack).flatMap(stackTemplates)];
}

const nestedStacksOf = (stack: Stack): NestedStack[] =>
  stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);

/** One template holding the stack's resources and those of its nested stacks, references resolved. */
function folded(stack: Stack): any {
  const json = structuredClone(Template.fromStack(stack).toJSON());
  const outputs = new Map<string, Record<string, { Value: unknown }>>();
  for (const nested of nestedStacksOf(stack)) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const parameters: Record<string, unknown> = json.Resources[resourceId].Properties.Parameters ?? {};
    const child = replace(folded(nested), (node) =>
      typeof node.Ref === 'string' && Object.hasOwn(parameters, node.Ref)
        ? structuredClone(parameters[node.Ref])
        : undefined,
    );
    for (const [id, resource] of Object.entries(child.Resources)) {
      if (json.Resources[id]) throw new Error(`Logical id ${id} of ${nested.node.path} is also used by its parent`);
      json.Resources[id] = resource;
    }
    outputs.set(resourceId, child.Outputs ?? {});
  }
  // Sibling references go through the parent as `Outputs.X` of the producing nested stack.
  for (let pass = 0; pass < 5; pass++) {
    let changed = false;
    const next = replace(json, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || !outputs.has(getAtt[0]) || !String(getAtt[1]).startsWith('Outputs.'))
        return undefined;
      changed = true;
      return structuredClone(outputs.get(getAtt[0])![String(getAtt[1]).slice('Outputs.'.length)]!.Value);
    });
    Object.assign(json, next);
    if (!changed) break;
  }
  return json;
}

/** A deep copy of `node` where `fn` returns a replacement for an object, or undefined to keep it. */
function replace(node: any, fn: (node: Record<string, any>) => unknown): any {
  if (Array.isArray(node)) return node.map((n) => replace(n, fn));
  if (node && typeof node === 'object') {
    const replaced = fn(node);
    if (replaced !== undefined) return replaced;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v, fn)]));
  }
  return node;
}
