import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnElement, Duration, Names, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { RequiredApiEnv } from '../../functions/shared/env';
import { SESSION_KEY_PREFIXES } from '../../functions/config/table';
import type { BackgroundDef, Need, PoolResource, RouteDef } from '../../functions/routes';

/** What a function serves: a route of the table, or a background job (no method/path). */
type FunctionDef =
  | (RouteDef & { timeoutSeconds?: undefined; memorySize?: undefined })
  | (BackgroundDef & { method?: undefined; path?: undefined });

/** Repository root: route handler paths in functions/routes.ts are relative to it. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

import { BUNDLE_ALIAS_ARGS, BUNDLE_DEFINE, ESBUILD_OPTIONS, ESM_REQUIRE_BANNER } from './bundle-options';

/**
 * Table actions by `needs` entry. Transactions are authorised per contained action, so
 * TransactWriteItems needs no entry of its own. Scan is deliberately absent: every access pattern
 * is a Get or a Query (see ARCHITECTURE.md §4), and IAM enforces it. DescribeTable serves only the
 * readiness route (GET /api/v1/health).
 */
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;
/** What `table:sessions` allows, and only on items whose partition key has a SESSION_KEY_PREFIXES prefix. */
const SESSION_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/**
 * Reserved concurrency per route name. Reserved concurrency is both a floor and a ceiling:
 *
 * - sign-in: always has capacity when other routes saturate the account (the 9:00 rush), and a
 *   credential-stuffing flood cannot scale past it into Cognito's per-account authentication quota
 *   (~120 requests/s by default) or the rest of the account's concurrency;
 * - export starts: CSV builds are the heaviest calls (a company-month of punches), so a burst of
 *   them cannot starve punching.
 *
 * The sum, plus the 100 that Lambda keeps unreserved, must stay below the account's concurrency
 * quota (1,000 by default; new accounts may start lower and need a quota increase first).
 * api.infra.test.ts checks that every key is a route and every sign-in-* and export route has one.
 */
export const RESERVED_CONCURRENCY: Readonly<Record<string, number>> = {
  'sign-in-user': 30,
  'sign-in-company': 10,
  'sign-in-operator': 2,
  // The operator's TOTP step: as bounded as the password step before it.
  'mfa-operator': 2,
  'create-attendance-export': 5,
  'create-leave-register-export': 5,
  'create-attendance-totals-export': 5,
  'create-employee-import': 5,
};

/** The AWS resources the entries of `needs` refer to. */
export interface RouteResources {
  readonly table: dynamodb.Table & { readonly accessArns: string[] };
  readonly exportsBucket: s3.IBucket;
  readonly employeePool: cognito.IUserPool;
  readonly adminPool: cognito.IUserPool;
  readonly operatorPool: cognito.IUserPool;
  /** The SES sending identity (the sender's domain) and what the mail routes need to write a mail. */
  readonly mail: {
    readonly identity: ses.IEmailIdentity;
    /** Sender address (context `mailFrom`), on the identity's domain. */
    readonly from: string;
    /** The product's public origin for the links in mails (context `appUrl`). */
    readonly appUrl: string;
  };
}

export interface ApiFunctionProps {
  /** The route table entry this function serves. */
  readonly route: FunctionDef;
  /** Physical function name prefix, e.g. `kintai-dev`. */
  readonly namePrefix: string;
  /**
   * The variables every API function validates at cold start (functions/shared/env.ts). Typed
   * from the same schema, so a variable added there fails to compile here until it is provided.
   */
  readonly environment: RequiredApiEnv;
  /** Optional extras (e.g. the origin-verify value); never required by the schema. */
  readonly extraEnvironment?: Readonly<Record<string, string>>;
  readonly resources: RouteResources;
  /** Shared application log group (one per stage rather than one per function). */
  readonly logGroup: logs.ILogGroup;
  /** @default RESERVED_CONCURRENCY[route.name], else none (the function uses unreserved capacity) */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * One route's Lambda with the house defaults (Node 24, arm64, ESM, minified, source maps,
 * 10 s / 256 MB) and a role holding exactly what `route.needs` lists: read or write on the table
 * (writes to session items only, for routes that otherwise read), the exports bucket, and the
 * named Cognito admin actions on the named pool.
 *
 * The role's permissions are an inline policy of the role itself rather than a separate
 * AWS::IAM::Policy: with ~70 routes every extra resource per route counts against the
 * CloudFormation limit of 500 resources per stack.
 */
export class ApiFunction extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly role: iam.Role;
  private readonly policy = new iam.PolicyDocument();

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { route, resources } = props;

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: route.method ? `${route.method} ${route.path}` : `background: ${route.name}`,
      inlinePolicies: { access: this.policy },
    });
    this.allow(['logs:CreateLogStream', 'logs:PutLogEvents'], [props.logGroup.logGroupArn]);

    const environment: Record<string, string> = {
      ...props.environment,
      ...props.extraEnvironment,
      NODE_OPTIONS: '--enable-source-maps',
    };

    const needs = new Set<Need>(route.needs);
    const poolActions = new Map<PoolResource, string[]>();
    for (const need of needs) {
      switch (need) {
        case 'table:read':
          this.allow(TABLE_READ_ACTIONS, resources.table.accessArns);
          break;
        case 'table:write':
          if (!needs.has('table:read')) this.allow(TABLE_READ_ACTIONS, resources.table.accessArns);
          this.allow(TABLE_WRITE_ACTIONS, [resources.table.tableArn]);
          break;
        case 'table:sessions':
          // Items are addressed by partition key: these writes reach session and rate-limit items only.
          this.allow(SESSION_WRITE_ACTIONS, [resources.table.tableArn], {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': SESSION_KEY_PREFIXES.map((p) => `${p}*`) },
          });
          break;
        case 'table:describe':
          this.allow(['dynamodb:DescribeTable'], [resources.table.tableArn]);
          break;
        case 'exports':
          environment.EXPORTS_BUCKET = resources.exportsBucket.bucketName;
          this.allow(['s3:PutObject', 's3:GetObject'], [resources.exportsBucket.arnForObjects('*')]);
          Validations.of(this.role).acknowledge({
            id: `AwsSolutions-IAM5[Resource::<${arnReference(this.role, resources.exportsBucket)}>/*]`,
            reason:
              'Export object keys are generated per request (company/export id); the grant is limited to ' +
              'Put/GetObject inside the dedicated, short-lived exports bucket.',
          });
          break;
        case 'mail':
          // SES v2 SendEmail from the product's identity and sender address only (services/notify.ts).
          environment.MAIL_FROM = resources.mail.from;
          environment.APP_URL = resources.mail.appUrl;
          this.allow(['ses:SendEmail'], [resources.mail.identity.emailIdentityArn], {
            StringEquals: { 'ses:FromAddress': resources.mail.from },
          });
          break;
        default: {
          const [pool, action] = need.split(':') as [PoolResource, string];
          if (!(pool in POOL_RESOURCE_KEYS)) throw new Error(`Route ${route.name} needs an unknown resource: ${need}`);
          poolActions.set(pool, [...(poolActions.get(pool) ?? []), `cognito-idp:${action}`]);
        }
      }
    }
    for (const [pool, actions] of poolActions) this.allow(actions, [resources[pool].userPoolArn]);
    if (needs.has('table:sessions') && needs.has('table:write')) {
      throw new Error(`Route ${route.name}: table:write already covers table:sessions; list one`);
    }

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      functionName: `${props.namePrefix}-${route.name}`,
      description: route.method ? `${route.method} ${route.path} — ${route.summary}` : route.summary,
      entry: path.join(PROJECT_ROOT, route.handler),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: route.memorySize ?? 256,
      timeout: Duration.seconds(route.timeoutSeconds ?? 10),
      role: this.role,
      logGroup: props.logGroup,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions ?? RESERVED_CONCURRENCY[route.name],
      environment,
      // Synthesis bundles each route separately (one esbuild run, ~0.3-0.5 s, plus CDK's npx
      // start-up); routes sharing an entry file share one bundle. A single multi-entry esbuild run
      // was measured at only ~2x faster, not worth leaving NodejsFunction for.
      bundling: {
        // Local esbuild (a devDependency) only: no Docker on the build machines.
        forceDockerBundling: false,
        format: nodejs.OutputFormat.ESM,
        mainFields: [...ESBUILD_OPTIONS.mainFields],
        banner: ESM_REQUIRE_BANNER,
        target: ESBUILD_OPTIONS.target,
        minify: ESBUILD_OPTIONS.minify,
        // Smaller stand-ins for a few packages and the bundle-only constants (bundle-options.ts).
        // `--charset` as an argument: this aws-cdk-lib accepts the `charset` prop but never passes it on.
        esbuildArgs: { ...BUNDLE_ALIAS_ARGS, '--charset': ESBUILD_OPTIONS.charset },
        define: BUNDLE_DEFINE,
        sourceMap: true,
        sourcesContent: false,
        // The SDK v3 clients are bundled (nothing external) rather than taken from the runtime:
        // the deployed code runs the exact SDK version the tests ran, and tree-shaken clients
        // keep the cold start small and predictable.
        externalModules: [],
      },
    });

    Validations.of(this.function).acknowledge(
      {
        id: 'Serverless-LambdaDLQ',
        reason: route.method
          ? 'API Gateway invokes route functions synchronously and returns the error to the caller; a dead-letter ' +
            'queue only receives failed asynchronous invocations, of which there are none here.'
          : 'Background job: a failure is recorded where the user sees it (an export job turns "failed" and the ' +
            'page says so; the daily grant run is idempotent and the next run applies what a failed one missed).',
      },
      {
        id: 'Serverless-LambdaTracing',
        reason:
          'X-Ray PutTraceSegments cannot be scoped to a resource, so active tracing would add a Resource "*" ' +
          'statement to every route role, which this stack forbids (api.infra.test.ts). HTTP APIs do not trace ' +
          'either; calls are followed by ids instead: every JSON app log line of a route invocation carries the API ' +
          "Gateway request id (also in the access log), the Lambda request id, the route and the caller's " +
          "company and user ids; a background job's lines carry the Lambda request id and the job id " +
          '(functions/shared/logger.ts; test/integration/log-context.test.ts).',
      },
    );
  }

  /** Lets this function invoke another asynchronously (export routes → export worker). */
  allowInvoke(target: nodejs.NodejsFunction, envName: string): void {
    this.allow(['lambda:InvokeFunction'], [target.functionArn]);
    this.function.addEnvironment(envName, target.functionName);
  }

  private allow(actions: readonly string[], resources: string[], conditions?: Record<string, unknown>): void {
    this.policy.addStatements(new iam.PolicyStatement({ actions: [...actions], resources, conditions }));
  }
}

const POOL_RESOURCE_KEYS: Record<PoolResource, true> = { employeePool: true, adminPool: true, operatorPool: true };

/**
 * How cdk-nag names `construct`'s ARN as seen from `consumer`'s template: `<LogicalId.Arn>` in the
 * same stack; from a nested stack, the parameter CDK creates for the reference
 * (`referenceto<unique id>Arn`).
 */
function arnReference(consumer: Construct, construct: Construct): string {
  const cfn = construct.node.defaultChild as CfnElement;
  const owner = Stack.of(construct);
  if (Stack.of(consumer) === owner) return `${owner.getLogicalId(cfn)}.Arn`;
  return `referenceto${Names.uniqueId(cfn)}Arn`;
}
