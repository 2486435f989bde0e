import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '../../functions/routes';

/**
 * AWS managed rule groups evaluated for every request, in this order (the IP reputation list goes
 * first so known-bad sources are dropped before anything else is counted).
 */
export const WAF_MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * Managed rules switched to COUNT (still logged), each with the reason. Everything else blocks.
 *
 * SizeRestrictions_BODY blocks bodies over 8 KB, but legitimate bodies are larger: an announcement
 * (info item) may hold 5,000 characters, about 15 KB of UTF-8 Japanese, and a contact-form message
 * 2,000 characters. WAF_MAX_BODY_BYTES below replaces it.
 */
export const WAF_COUNTED_MANAGED_RULES: Readonly<
  Partial<Record<(typeof WAF_MANAGED_RULE_GROUPS)[number], readonly string[]>>
> = {
  AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'],
};

/**
 * Largest request body let through: 16 KB is what WAF inspects of a CloudFront request body by
 * default, so every body that passes has been inspected whole by the content rules (a larger one
 * could hide a payload past the inspected part). The API's largest legitimate body fits (see above);
 * its zod schemas then cap every field.
 */
export const WAF_MAX_BODY_BYTES = 16 * 1024;

/**
 * Outer brake on sign-in POSTs per client address, before any Lambda or DynamoDB work. It is
 * deliberately loose (the application counts failed attempts per address and every attempt per
 * account: functions/api/sessions/sign-in.ts): a company's office shares one NAT address and its staff
 * sign in together around 9:00, so this layer only sheds floods, it does not decide single cases.
 */
export const WAF_SIGN_IN_RATE = { limit: 100, windowSeconds: 300 } as const;

/**
 * The sign-in routes are the route-table entries named `sign-in-*`, the operator's TOTP step and the
 * forgotten-password pair (a code mailed, then the code and a new password: guessable, so flooded
 * like a sign-in; the application limits them per e-mail and address too), all POST.
 */
const CREDENTIAL_ROUTES = new Set(['mfa-operator', 'start-password-reset', 'confirm-password-reset']);
export const signInRoutes = (routes: readonly RouteDef[] = ROUTES) =>
  routes.filter((r) => r.name.startsWith('sign-in-') || CREDENTIAL_ROUTES.has(r.name));

/** Request headers WAF never stores (logs, sampled requests): session cookies and the CSRF token. */
export const WAF_REDACTED_HEADERS = ['cookie', 'x-csrf-token', 'authorization'] as const;

export interface KintaiWebAclProps {
  /** e.g. `kintai-dev`: names the ACL, its metrics and its log group. */
  readonly namePrefix: string;
  readonly routes?: readonly RouteDef[];
}

/**
 * The CloudFront-scope WAFv2 web ACL. CLOUDFRONT-scope ACLs exist only in us-east-1, so this
 * construct belongs to the small edge stack (lib/kintai-edge-stack.ts); the distribution in the
 * regional stack refers to its ARN through a cross-region reference.
 */
export class KintaiWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: KintaiWebAclProps) {
    super(scope, id);
    const name = `${props.namePrefix}-web`;
    const metric = (suffix: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.namePrefix}-${suffix}`.replace(/[^A-Za-z0-9_-]/g, '-'),
    });

    const managed = (
      ruleGroup: (typeof WAF_MANAGED_RULE_GROUPS)[number],
      priority: number,
    ): wafv2.CfnWebACL.RuleProperty => {
      const counted = WAF_COUNTED_MANAGED_RULES[ruleGroup] ?? [];
      return {
        name: ruleGroup,
        priority,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name: ruleGroup,
            ruleActionOverrides: counted.length
              ? counted.map((name) => ({ name, actionToUse: { count: {} } }))
              : undefined,
          },
        },
        visibilityConfig: metric(ruleGroup),
      };
    };

    const [ipReputation, ...contentRules] = WAF_MANAGED_RULE_GROUPS;
    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      managed(ipReputation, 0),
      {
        name: 'sign-in-rate',
        priority: 1,
        // 429 (not WAF's default 403) so the SPA shows its "try again later" message.
        action: { block: { customResponse: { responseCode: 429 } } },
        statement: {
          rateBasedStatement: {
            limit: WAF_SIGN_IN_RATE.limit,
            evaluationWindowSec: WAF_SIGN_IN_RATE.windowSeconds,
            aggregateKeyType: 'IP',
            scopeDownStatement: signInScope(props.routes ?? ROUTES),
          },
        },
        visibilityConfig: metric('sign-in-rate'),
      },
      ...contentRules.map((group, i) => managed(group, i + 2)),
      {
        name: 'body-size',
        priority: contentRules.length + 2,
        action: { block: { customResponse: { responseCode: 413 } } },
        statement: {
          sizeConstraintStatement: {
            fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
            comparisonOperator: 'GT',
            size: WAF_MAX_BODY_BYTES,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        visibilityConfig: metric('body-size'),
      },
    ];

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'CLOUDFRONT',
      description: `${props.namePrefix}: managed rules and a sign-in rate limit in front of the SPA and the API`,
      defaultAction: { allow: {} },
      rules,
      visibilityConfig: metric('web'),
      // Sampled requests (console) and logs would otherwise show session cookies and CSRF tokens.
      dataProtectionConfig: {
        dataProtections: [
          {
            field: { fieldType: 'SINGLE_HEADER', fieldKeys: [...WAF_REDACTED_HEADERS] },
            action: 'SUBSTITUTION',
            excludeRuleMatchDetails: false,
            excludeRateBasedDetails: false,
          },
        ],
      },
    });

    // WAF requires the `aws-waf-logs-` prefix and the ARN without the `:*` suffix.
    const logGroupName = `aws-waf-logs-${props.namePrefix}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      // Client addresses are personal data: keep what an investigation needs, not more.
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      // Also redacted here (covers logs even if the ACL-level data protection is edited away).
      redactedFields: WAF_REDACTED_HEADERS.map((header) => ({ singleHeader: { Name: header } })),
      // Only what WAF blocked or counted: allowed traffic is already in the CloudFront and API logs.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
    logging.node.addDependency(this.logGroup);
  }

  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}

/** POST to one of the sign-in paths (case and URL-encoding variants included). */
function signInScope(routes: readonly RouteDef[]): wafv2.CfnWebACL.StatementProperty {
  const paths = [...new Set(signInRoutes(routes).map((r) => r.path.toLowerCase()))];
  if (paths.length === 0) throw new Error('The route table has no sign-in-* route for the WAF rate rule');
  const pathStatements = paths.map((path): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: path,
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'LOWERCASE' },
      ],
    },
  }));
  return {
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: 'POST',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        pathStatements.length === 1 ? pathStatements[0]! : { orStatement: { statements: pathStatements } },
      ],
    },
  };
}
