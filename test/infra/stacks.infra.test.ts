/**
 * Headroom: CloudFormation refuses a stack of more than 500 resources. The API's routes are spread
 * over one nested stack per route area (RouteDef.area, the handler's folder), so every template,
 * parent included, must stay under 300 with today's routes: room for dozens more per area.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS, ROUTES, areaOf, type RouteDef } from '../../functions/routes';
import { KintaiStack } from '../../lib/kintai-stack';
import { STAGE, stackTemplates, synthKintai, type StackTemplate } from './synth';

const STACK_BUDGET = 300;

let stacks: StackTemplate[];

beforeAll(() => {
  ({ stacks } = synthKintai());
});

const count = (t: StackTemplate, type?: string) =>
  Object.values(t.json.Resources).filter((r) => type === undefined || r.Type === type).length;

/** Function names (without the stage prefix) defined in a template. */
const functionNames = (t: StackTemplate) =>
  Object.values(t.json.Resources)
    .filter((r) => r.Type === 'AWS::Lambda::Function' && typeof r.Properties?.FunctionName === 'string')
    .map((r) => String(r.Properties!.FunctionName).replace(`kintai-${STAGE}-`, ''));

describe('resources per stack', () => {
  it(`keeps every stack, parent and nested, under ${STACK_BUDGET} resources (printed)`, () => {
    const table = stacks.map((t) => ({
      stack: t.path,
      resources: count(t),
      functions: count(t, 'AWS::Lambda::Function'),
      parameters: Object.keys(t.json.Parameters ?? {}).length,
    }));
    console.log(`Resources per stack (budget ${STACK_BUDGET}, CloudFormation limit 500):`);
    console.table(table);
    console.log(`total ${table.reduce((n, t) => n + t.resources, 0)} resources in ${table.length} templates`);
    for (const t of table) expect(t.resources, t.stack).toBeLessThan(STACK_BUDGET);
    // CloudFormation's other per-template limits: 200 parameters, 200 outputs.
    for (const t of stacks) {
      expect(Object.keys(t.json.Parameters ?? {}).length, t.path).toBeLessThan(200);
      expect(Object.keys(t.json.Outputs ?? {}).length, t.path).toBeLessThan(200);
    }
  });

  it('puts each route area in its own nested stack, holding exactly the functions of its routes', () => {
    const [parent, ...nested] = stacks;
    expect(parent!.nested).toBe(false);
    const areas = [...new Set(ROUTES.map((r) => r.area))];
    expect(nested.every((t) => t.nested)).toBe(true);
    for (const area of areas) {
      const own = nested.filter((t) => functionNames(t).some((n) => ROUTES.find((r) => r.name === n)?.area === area));
      expect(own, area).toHaveLength(1);
      expect(functionNames(own[0]!).sort(), area).toEqual(
        ROUTES.filter((r) => r.area === area)
          .map((r) => r.name)
          .sort(),
      );
      // Each route's five resources travel together: function, role, integration, route, permission.
      const routesHere = ROUTES.filter((r) => r.area === area).length;
      for (const type of [
        'AWS::Lambda::Function',
        'AWS::IAM::Role',
        'AWS::ApiGatewayV2::Integration',
        'AWS::ApiGatewayV2::Route',
        'AWS::Lambda::Permission',
      ]) {
        expect(count(own[0]!, type), `${area} ${type}`).toBe(routesHere);
      }
    }
    // The background functions have a nested stack of their own; the parent holds no route function.
    const jobs = nested.filter((t) => functionNames(t).some((n) => BACKGROUND_FUNCTIONS.some((b) => b.name === n)));
    expect(jobs).toHaveLength(1);
    expect(functionNames(jobs[0]!).sort()).toEqual(BACKGROUND_FUNCTIONS.map((b) => b.name).sort());
    expect(nested).toHaveLength(areas.length + 1);
    expect(functionNames(parent!)).toEqual([]);
  });

  it('keeps the HTTP API, its stage, the table, pools and buckets in the parent stack', () => {
    const [parent, ...nested] = stacks;
    for (const type of [
      'AWS::ApiGatewayV2::Api',
      'AWS::ApiGatewayV2::Stage',
      'AWS::DynamoDB::Table',
      'AWS::CloudFront::Distribution',
    ]) {
      expect(count(parent!, type), type).toBe(1);
      for (const t of nested) expect(count(t, type), `${t.path} ${type}`).toBe(0);
    }
    expect(count(parent!, 'AWS::Cognito::UserPool')).toBe(3);
    expect(count(parent!, 'AWS::CloudFormation::Stack')).toBe(nested.length);
  });
});

describe('a new route', () => {
  it('takes its area from its handler folder', () => {
    expect(areaOf('functions/api/paid-leave/get-paid-leave.ts')).toBe('paid-leave');
    for (const route of ROUTES) expect(route.handler, route.name).toContain(`/${route.area}/`);
  });

  it('needs only its row: a route of a new area gets a nested stack of its own', () => {
    const extra: RouteDef = {
      ...ROUTES.find((r) => r.name === 'get-health')!,
      name: 'get-report',
      path: '/api/v1/reports',
      area: 'reports',
    };
    const app = new App({
      outdir: mkdtempSync(path.join(tmpdir(), 'kintai-area-')),
      context: { 'aws:cdk:bundling-stacks': [] },
    });
    const stack = new KintaiStack(app, `Kintai-${STAGE}`, { stage: STAGE, routes: [...ROUTES, extra] });
    const templates = stackTemplates(stack);
    const own = templates.filter((t) => functionNames(t).includes('get-report'));
    expect(own).toHaveLength(1);
    expect(own[0]!.path).toMatch(/ReportsRoutes$/);
    expect(functionNames(own[0]!)).toEqual(['get-report']);
    expect(templates).toHaveLength(stacks.length + 1);
  });
});
