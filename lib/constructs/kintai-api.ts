import { NestedStack, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RequiredApiEnv } from '../../functions/shared/env';
import { BACKGROUND_FUNCTIONS, ROUTES, type BackgroundDef, type RouteDef } from '../../functions/routes';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { ApiFunction, type RouteResources } from './api-function';

const NO_GATEWAY_AUTHORIZER = {
  id: 'AwsSolutions-APIG4',
  reason:
    'Authentication is cookie based (HttpOnly session cookie, backend-for-frontend), which API Gateway ' +
    'authorizers cannot read without a Lambda authorizer per request. Each handler verifies the session and ' +
    'the route roles from functions/routes.ts in the shared middleware; public routes are listed there.',
};

/** Stage-wide default throttling (per second); the account limit is far above it. */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

export interface KintaiApiProps {
  /** e.g. `kintai-dev`: prefixes function and log group names. */
  readonly namePrefix: string;
  readonly environment: RequiredApiEnv;
  readonly extraEnvironment?: Readonly<Record<string, string>>;
  readonly resources: RouteResources;
  /** The route table; defaults to functions/routes.ts (tests may pass a subset). */
  readonly routes?: readonly RouteDef[];
  /** Functions without a route; defaults to BACKGROUND_FUNCTIONS. */
  readonly background?: readonly BackgroundDef[];
}

/**
 * The HTTP API: one Lambda per entry of the route table, created in a loop. Nothing registers a
 * route by hand. Browsers reach it only through CloudFront (see WebDistribution for how the
 * default execute-api endpoint is guarded).
 *
 * The API, its stage and log groups belong to the parent stack; each route area gets a nested stack
 * holding its routes' five resources each (function, role, integration, route, invoke permission),
 * so no stack comes near CloudFormation's 500 (headroom test: test/infra/stacks.infra.test.ts).
 */
export class KintaiApi extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  readonly background: ReadonlyMap<string, ApiFunction>;

  constructor(scope: Construct, id: string, props: KintaiApiProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${props.namePrefix}-api`,
      // The stage is created below so that it can carry access logs and throttling.
      createDefaultStage: false,
      // Same-origin through CloudFront: no CORS configuration on purpose.
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/http-api/${props.namePrefix}`,
      retention: logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });

    const appLogs = new logs.LogGroup(this, 'FunctionLogs', {
      logGroupName: `/aws/lambda/${props.namePrefix}-api`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const common = {
      namePrefix: props.namePrefix,
      environment: props.environment,
      extraEnvironment: props.extraEnvironment,
      resources: props.resources,
      logGroup: appLogs,
    };

    // One nested stack per route area (the handler's folder, RouteDef.area): its routes' functions,
    // roles, integrations, API routes and invoke permissions. The API, its stage and the log groups
    // stay here; CDK passes their ids and ARNs to the nested stacks as parameters.
    const functions = new Map<string, ApiFunction>();
    const routes = props.routes ?? ROUTES;
    for (const area of [...new Set(routes.map((r) => r.area))]) {
      const areaStack = new NestedStack(this, `${pascalCase(area)}Routes`, {
        description: `${props.namePrefix}: API routes of area "${area}"`,
      });
      for (const route of routes.filter((r) => r.area === area)) {
        const fn = new ApiFunction(areaStack, route.name, { route, ...common });
        // The route and its integration live beside the function, in the area's stack.
        const apiRoute = new apigw.HttpRoute(fn, 'Route', {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
          integration: new HttpLambdaIntegration('Integration', fn.function),
        });
        Validations.of(apiRoute).acknowledge(NO_GATEWAY_AUTHORIZER);
        functions.set(route.name, fn);
      }
    }
    this.functions = functions;

    // Background functions, in a nested stack of their own: the export worker (invoked by the export
    // routes, from their area's stack) and the daily grant job.
    const jobsStack = new NestedStack(this, 'BackgroundJobs', {
      description: `${props.namePrefix}: background functions (export worker, scheduled jobs)`,
    });
    const background = new Map<string, ApiFunction>();
    for (const def of props.background ?? BACKGROUND_FUNCTIONS) {
      const fn = new ApiFunction(jobsStack, def.name, { route: def, ...common });
      for (const routeName of def.invokedBy ?? [])
        functions.get(routeName)?.allowInvoke(fn.function, def.invokeEnv ?? 'EXPORT_WORKER_FUNCTION');
      if (def.schedule) {
        const rule = new events.Rule(jobsStack, `${def.name}-schedule`, {
          ruleName: `${props.namePrefix}-${def.name}`,
          description: def.summary,
          schedule: events.Schedule.expression(def.schedule),
          targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
        });
        Validations.of(rule).acknowledge({
          id: 'Serverless-EventBusDLQ',
          reason:
            'The scheduled job is idempotent and runs again on its schedule (daily, or every minute for the mail outbox): an event EventBridge could not deliver after its ' +
            'retries is made good by the next run, so a dead-letter queue would hold nothing to act on.',
        });
      }
      background.set(def.name, fn);
    }
    this.background = background;

    Validations.of(this.httpApi).acknowledge(NO_GATEWAY_AUTHORIZER);
  }

  /** Host name of the default execute-api endpoint (CloudFront's API origin). */
  get originDomainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

/** `paid-leave` → `PaidLeave`: construct id of an area's nested stack. */
const pascalCase = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
