import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import {
  WAF_COUNTED_MANAGED_RULES,
  WAF_MANAGED_RULE_GROUPS,
  WAF_MAX_BODY_BYTES,
  WAF_REDACTED_HEADERS,
  WAF_SIGN_IN_RATE,
  signInRoutes,
} from '../../lib/constructs/web-acl';
import { EDGE_REGION } from '../../lib/kintai-edge-stack';
import { STAGE, synthKintai, type Resources } from './synth';

let edge: Template;
let edgeResources: Resources;
let main: Template;
let built: ReturnType<typeof synthKintai>;
let acl: any;

beforeAll(() => {
  built = synthKintai();
  edge = built.edgeTemplate!;
  main = built.template;
  edgeResources = edge.toJSON().Resources;
  const acls = Object.values(edgeResources).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
  expect(acls).toHaveLength(1);
  acl = acls[0]!.Properties;
});

/** Evaluates a WAF statement against a request, for the statement kinds the sign-in rule uses. */
function matches(statement: any, request: { method: string; path: string }): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s: any) => matches(s, request));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s: any) => matches(s, request));
  const byte = statement.ByteMatchStatement;
  if (!byte) throw new Error(`Unsupported statement ${Object.keys(statement)}`);
  let value = byte.FieldToMatch.Method ? request.method : request.path;
  for (const t of [...byte.TextTransformations].sort((a: any, b: any) => a.Priority - b.Priority)) {
    if (t.Type === 'URL_DECODE') value = decodeURIComponent(value);
    else if (t.Type === 'LOWERCASE') value = value.toLowerCase();
    else expect(t.Type).toBe('NONE');
  }
  if (byte.PositionalConstraint === 'EXACTLY') return value === byte.SearchString;
  if (byte.PositionalConstraint === 'STARTS_WITH') return value.startsWith(byte.SearchString);
  throw new Error(`Unsupported constraint ${byte.PositionalConstraint}`);
}

describe('WAF web ACL (CloudFront scope, edge stack)', () => {
  it('lives in its own us-east-1 stack that the regional stack depends on', () => {
    expect(built.edgeStack!.region).toBe(EDGE_REGION);
    expect(built.edgeStack!.stackName).toBe(`Kintai-${STAGE}-edge`);
    expect(built.stack.dependencies).toContain(built.edgeStack);
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(acl.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
  });

  it('runs the AWS managed IP-reputation, common and known-bad-inputs groups, blocking', () => {
    const managed = acl.Rules.filter((r: any) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r: any) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...WAF_MANAGED_RULE_GROUPS]);
    expect(WAF_MANAGED_RULE_GROUPS).toEqual(
      expect.arrayContaining([
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesAmazonIpReputationList',
      ]),
    );
    for (const rule of managed) {
      const group = rule.Statement.ManagedRuleGroupStatement;
      expect(group.VendorName).toBe('AWS');
      expect(rule.OverrideAction).toEqual({ None: {} });
      expect(group.ExcludedRules).toBeUndefined();
      // Only the rules listed (with a reason) in WAF_COUNTED_MANAGED_RULES count instead of block.
      const counted = (group.RuleActionOverrides ?? []).map((o: any) => {
        expect(o.ActionToUse).toEqual({ Count: {} });
        return o.Name;
      });
      expect(counted).toEqual(WAF_COUNTED_MANAGED_RULES[group.Name as keyof typeof WAF_COUNTED_MANAGED_RULES] ?? []);
      expect(rule.VisibilityConfig.CloudWatchMetricsEnabled).toBe(true);
    }
    const priorities = acl.Rules.map((r: any) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('blocks bodies WAF cannot inspect whole (413) in place of the 8 KB managed size rule', () => {
    const rule = acl.Rules.find((r: any) => r.Name === 'body-size');
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 413 } } });
    expect(rule.Statement.SizeConstraintStatement).toMatchObject({
      FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
      ComparisonOperator: 'GT',
      Size: WAF_MAX_BODY_BYTES,
    });
    expect(WAF_MAX_BODY_BYTES).toBeLessThanOrEqual(16 * 1024);
    // The largest legitimate body (a 5,000-character Japanese announcement) still fits.
    const announcement = JSON.stringify({ title: 'お知らせ'.repeat(25), detail_text: '勤'.repeat(5000) });
    expect(Buffer.byteLength(announcement)).toBeLessThan(WAF_MAX_BODY_BYTES);
  });

  it('blocks sign-in floods per client address with 429, counting only POSTs to the sign-in paths', () => {
    const rate = acl.Rules.find((r: any) => r.Statement.RateBasedStatement);
    expect(rate.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    const statement = rate.Statement.RateBasedStatement;
    expect(statement).toMatchObject({
      Limit: WAF_SIGN_IN_RATE.limit,
      EvaluationWindowSec: WAF_SIGN_IN_RATE.windowSeconds,
      AggregateKeyType: 'IP',
    });

    const signInPaths = signInRoutes().map((r) => r.path);
    expect(signInPaths.sort()).toEqual([
      '/api/v1/password_resets',
      '/api/v1/password_resets/confirm',
      '/companies/sign_in',
      '/operators/mfa',
      '/operators/sign_in',
      '/users/sign_in',
    ]);
    const scope = statement.ScopeDownStatement;
    for (const path of signInPaths) {
      expect(matches(scope, { method: 'POST', path }), path).toBe(true);
      expect(matches(scope, { method: 'POST', path: path.toUpperCase() }), `${path} upper case`).toBe(true);
      expect(matches(scope, { method: 'POST', path: path.replace('_', '%5F') }), `${path} encoded`).toBe(true);
      expect(matches(scope, { method: 'GET', path }), `GET ${path} is the page`).toBe(false);
    }
    // Every other route is outside the scope.
    const inScope = new Set(signInRoutes().map((r) => r.name));
    for (const route of ROUTES.filter((r) => !inScope.has(r.name))) {
      expect(matches(scope, { method: route.method, path: route.path }), route.name).toBe(false);
    }
  });

  it('logs blocked and counted requests for 90 days, never cookies or CSRF tokens', () => {
    const [logging] = Object.values(edgeResources).filter((r) => r.Type === 'AWS::WAFv2::LoggingConfiguration');
    expect(logging!.Properties.RedactedFields).toEqual(
      WAF_REDACTED_HEADERS.map((Name) => ({ SingleHeader: { Name } })),
    );
    expect(WAF_REDACTED_HEADERS).toEqual(expect.arrayContaining(['cookie', 'x-csrf-token']));
    expect(logging!.Properties.LoggingFilter.DefaultBehavior).toBe('DROP');
    expect(JSON.stringify(logging!.Properties.LogDestinationConfigs)).toContain(':log-group:aws-waf-logs-kintai-test');
    edge.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: `aws-waf-logs-kintai-${STAGE}`,
      RetentionInDays: 90,
    });
    // ACL-level data protection also covers the console's sampled requests.
    expect(acl.DataProtectionConfig.DataProtections).toEqual([
      expect.objectContaining({
        Action: 'SUBSTITUTION',
        Field: { FieldType: 'SINGLE_HEADER', FieldKeys: [...WAF_REDACTED_HEADERS] },
        ExcludeRuleMatchDetails: false,
      }),
    ]);
  });

  it('is attached to the distribution through a cross-region reference', () => {
    const [distribution] = Object.values(main.findResources('AWS::CloudFront::Distribution')) as any[];
    const webAclId = distribution.Properties.DistributionConfig.WebACLId;
    expect(webAclId['Fn::GetAtt'][0]).toMatch(/^ExportsReader/);
    expect(main.toJSON().Resources[webAclId['Fn::GetAtt'][0]].Type).toBe('Custom::CrossRegionExportReader');
    // The edge stack writes the ACL's ARN for the reader.
    const writer = Object.values(edgeResources).find((r) => r.Type === 'Custom::CrossRegionExportWriter')!;
    expect(JSON.stringify(writer.Properties)).toContain('WebAcl');
  });

  it('attaches an existing ACL given with -c webAclArn instead of creating the edge stack', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/existing/abcd';
    const given = synthKintai({ webAclArn: arn });
    expect(given.edgeStack).toBeUndefined();
    given.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: { WebACLId: arn } });
    given.template.resourceCountIs('Custom::CrossRegionExportReader', 0);
  });
});
