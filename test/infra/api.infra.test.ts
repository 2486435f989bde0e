import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS, ROUTES, type RouteDef } from '../../functions/routes';
import { ApiEnvSchema } from '../../functions/shared/env';
import { PROJECT_ROOT, RESERVED_CONCURRENCY } from '../../lib/constructs/api-function';
import { API_THROTTLE } from '../../lib/constructs/kintai-api';
import { ORIGIN_VERIFY } from '../../functions/config/origin-verify';
import { TABLE } from '../../functions/config/table';
import { STAGE, refId, referencedIds, synthKintai, type Resources } from './synth';

let template: Template;
let resources: Resources;
/** route name → logical id of its function */
const functionIds = new Map<string, string>();

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** Inline policy statements of the role of a route's function. */
function statementsOf(
  route: Pick<RouteDef, 'name'>,
): Array<{ Action: string | string[]; Resource: unknown; Effect: string }> {
  const fn = resources[functionIds.get(route.name)!]!;
  const role = resources[refId(fn.Properties.Role)!]!;
  expect(role.Type).toBe('AWS::IAM::Role');
  return (role.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
}
const actionsOf = (route: RouteDef) => statementsOf(route).flatMap((s) => [s.Action].flat());

beforeAll(() => {
  ({ template } = synthKintai());
  resources = template.toJSON().Resources;
  for (const [id, r] of ofType('AWS::Lambda::Function')) {
    const name = r.Properties.FunctionName;
    if (typeof name === 'string' && name.startsWith(`kintai-${STAGE}-`)) {
      functionIds.set(name.slice(`kintai-${STAGE}-`.length), id);
    }
  }
});

describe('one Lambda per route', () => {
  it('creates exactly one nodejs24.x function per route table entry, and no other', () => {
    const nodeFunctions = template.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs24.x' },
    });
    // Besides the routes, only CDK's own custom-resource provider (the cross-region reader of the
    // web ACL ARN) runs Node here.
    const others = Object.keys(nodeFunctions).filter((id) => ![...functionIds.values()].includes(id));
    for (const id of others) expect(id).toMatch(/^CustomCrossRegionExportReaderCustomResourceProviderHandler/);
    expect(Object.keys(nodeFunctions).length - others.length).toBe(ROUTES.length + BACKGROUND_FUNCTIONS.length);
    expect([...functionIds.keys()].sort()).toEqual([...ROUTES, ...BACKGROUND_FUNCTIONS].map((r) => r.name).sort());
  });

  it('lets only the export routes and the closing route invoke the export worker (the closing job runs in it), only the rule, calendar, 締め日, shift, work-pattern and 勤務設定 saves, a staff edit, 勤怠状況 and 締め処理 (their digests) and the company close the recompute worker, and schedules the daily grant job', () => {
    const invokers: Record<string, string> = {
      'create-attendance-export': 'export-worker',
      'create-attendance-totals-export': 'export-worker',
      'create-leave-register-export': 'export-worker',
      'create-period-closing': 'export-worker',
      'save-working-time': 'recompute-worker',
      'save-break-time': 'recompute-worker',
      'update-company-calendar': 'recompute-worker',
      'update-payroll-period': 'recompute-worker',
      'update-shifts': 'recompute-worker',
      'update-work-pattern': 'recompute-worker',
      'update-work-pattern-assignment': 'recompute-worker',
      'update-work-settings': 'recompute-worker',
      'update-working-time-system': 'recompute-worker',
      'delete-working-time-system': 'recompute-worker',
      // 有給管理: a grant run runs in the recompute worker.
      'run-paid-leave-grants': 'recompute-worker',
      // 勤怠状況: a stale read and 再集計 start the digest's build in the recompute worker.
      'get-work-status': 'recompute-worker',
      'refresh-work-status': 'recompute-worker',
      // 締め処理: a stale read and 再集計 start the checklist's build in the recompute worker.
      'list-period-closings': 'recompute-worker',
      'refresh-period-closings': 'recompute-worker',
      // The operator's company close: the worker disables the company's admins and staff.
      'delete-company': 'recompute-worker',
      // A staff edit that moves a member or changes the 入社日 / 退職日 recomputes their figures (issue 29).
      'update-employee': 'recompute-worker',
      'create-employee-import': 'staff-import-worker',
      // 再実行 (issue 30 item 13) starts the worker of its job again.
      'retry-employee-import': 'staff-import-worker',
      'retry-recompute-job': 'recompute-worker',
    };
    for (const route of ROUTES) {
      const invokes = statementsOf(route).filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
      const target = invokers[route.name];
      if (target) {
        expect(invokes).toHaveLength(1);
        expect(JSON.stringify(invokes[0]!.Resource)).toContain(functionIds.get(target)!);
        const env = resources[functionIds.get(route.name)!]!.Properties.Environment.Variables;
        expect(Object.keys(env)).toContain(
          target === 'export-worker'
            ? 'EXPORT_WORKER_FUNCTION'
            : target === 'staff-import-worker'
              ? 'STAFF_IMPORT_WORKER_FUNCTION'
              : 'RECOMPUTE_WORKER_FUNCTION',
        );
      } else {
        expect(invokes).toEqual([]);
      }
    }
    const rules = Object.values(template.findResources('AWS::Events::Rule')) as any[];
    expect(rules).toHaveLength(3);
    const grants = rules.find((r) => r.Properties.ScheduleExpression === 'cron(10 15 * * ? *)');
    expect(JSON.stringify(grants.Properties.Targets)).toContain(functionIds.get('paid-leave-grants')!);
    // The daily refresh of the summaries (欠勤 of the day just ended) runs the recompute worker.
    const daily = rules.find((r) => r.Properties.ScheduleExpression === 'cron(5 15 * * ? *)');
    expect(JSON.stringify(daily.Properties.Targets)).toContain(functionIds.get('recompute-worker')!);
    // The mail outbox's run (issue 30 item 12): every minute, the mail-outbox function only.
    const outbox = rules.find((r) => r.Properties.ScheduleExpression === 'rate(1 minute)');
    expect(outbox.Properties.State).toBe('ENABLED');
    expect(outbox.Properties.Targets).toHaveLength(1);
    expect(JSON.stringify(outbox.Properties.Targets)).toContain(functionIds.get('mail-outbox')!);
  });

  it('gives every route function its own role, used by no other function', () => {
    const roles = ROUTES.map((r) => refId(resources[functionIds.get(r.name)!]!.Properties.Role));
    expect(new Set(roles).size).toBe(ROUTES.length);
    // Permissions live in the role itself: no separate policy can be attached to several roles.
    for (const [id, policy] of ofType('AWS::IAM::Policy')) {
      for (const role of [policy.Properties.Roles ?? []].flat()) expect(roles, id).not.toContain(refId(role));
    }
    for (const id of roles) expect(resources[id!]!.Properties.ManagedPolicyArns, id).toBeUndefined();
  });

  it('registers every route key once, integrated with the function of that route', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route');
    const keys = routes.map(([, r]) => r.Properties.RouteKey as string);
    expect(keys.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());

    for (const route of ROUTES) {
      const [, apiRoute] = routes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`)!;
      const integrationId = [...referencedIds(apiRoute.Properties.Target)].find(
        (id) => resources[id]?.Type === 'AWS::ApiGatewayV2::Integration',
      );
      const integration = resources[integrationId!]!;
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
      expect(refId(integration.Properties.IntegrationUri)).toBe(functionIds.get(route.name));
    }
  });

  it('gives every route function the house defaults', () => {
    for (const route of ROUTES) {
      const fn = resources[functionIds.get(route.name)!]!.Properties;
      expect(fn.Runtime).toBe('nodejs24.x');
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.Handler).toBe('index.handler');
      expect(fn.Timeout).toBe(10);
      expect(fn.MemorySize).toBe(256);
      expect(fn.LoggingConfig?.LogGroup).toBeDefined();
    }
  });

  it('sets every required API variable (derived from ApiEnvSchema) on every function', () => {
    const required = Object.entries(ApiEnvSchema.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    expect(required).toContain('TABLE_NAME');
    for (const route of ROUTES) {
      const vars = resources[functionIds.get(route.name)!]!.Properties.Environment.Variables;
      for (const key of required) expect(vars, `${route.name} ${key}`).toHaveProperty(key);
      expect(vars.STAGE).toBe(STAGE);
      expect(vars[ORIGIN_VERIFY.envVar]).toBeDefined();
      // Emulator endpoints are for the local stack only.
      expect(vars).not.toHaveProperty('DYNAMODB_ENDPOINT');
      expect(vars).not.toHaveProperty('COGNITO_ENDPOINT');
      expect(vars).not.toHaveProperty('S3_ENDPOINT');
      // The exports bucket is named only where the route may touch it.
      expect(Object.hasOwn(vars, 'EXPORTS_BUCKET'), route.name).toBe(route.needs.includes('exports'));
    }
  });

  it('passes the origin-verify value as a Secrets Manager dynamic reference, never as a literal', () => {
    const vars = resources[functionIds.get('get-session')!]!.Properties.Environment.Variables;
    expect(JSON.stringify(vars[ORIGIN_VERIFY.envVar])).toContain('{{resolve:secretsmanager:');
  });
});

describe('API reachable only through CloudFront', () => {
  it('sends the same secret CloudFront adds as a header to every route function (checked in the middleware)', () => {
    const [[secretId]] = ofType('AWS::SecretsManager::Secret') as [[string, unknown]];
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const apiOrigin = distribution.Properties.DistributionConfig.Origins.find((o: any) => o.CustomOriginConfig);
    const header = apiOrigin.OriginCustomHeaders.find((h: any) => h.HeaderName === ORIGIN_VERIFY.header);
    expect([...referencedIds(header.HeaderValue)]).toEqual([secretId]);
    for (const route of ROUTES) {
      const value = resources[functionIds.get(route.name)!]!.Properties.Environment.Variables[ORIGIN_VERIFY.envVar];
      expect([...referencedIds(value)], route.name).toEqual([secretId]);
    }
  });

  it('uses the header name and variable the middleware reads', () => {
    const middleware = readFileSync(path.join(PROJECT_ROOT, 'functions/shared/middleware.ts'), 'utf8');
    expect(middleware).toContain(ORIGIN_VERIFY.envVar);
    expect(middleware).toContain(`'${ORIGIN_VERIFY.header}'`);
  });
});

describe('reserved concurrency', () => {
  const isCapped = (route: RouteDef) =>
    route.name.startsWith('sign-in-') || /^create-.*-export$/.test(route.name) || route.name.includes('export-worker');

  it('names only routes that exist, and covers every sign-in and export-start route', () => {
    const names = new Set(ROUTES.map((r) => r.name));
    for (const name of Object.keys(RESERVED_CONCURRENCY)) expect(names, name).toContain(name);
    const capped = ROUTES.filter(isCapped).map((r) => r.name);
    expect(capped).toEqual(
      expect.arrayContaining([
        'sign-in-user',
        'sign-in-company',
        'sign-in-operator',
        'create-attendance-export',
        'create-leave-register-export',
      ]),
    );
    for (const name of capped) expect(RESERVED_CONCURRENCY, name).toHaveProperty(name);
  });

  it('reserves concurrency on exactly those functions, and leaves the account its unreserved 100', () => {
    for (const route of ROUTES) {
      const fn = resources[functionIds.get(route.name)!]!.Properties;
      expect(fn.ReservedConcurrentExecutions, route.name).toBe(RESERVED_CONCURRENCY[route.name]);
      if (isCapped(route)) expect(fn.ReservedConcurrentExecutions, route.name).toBeGreaterThan(0);
    }
    const total = Object.values(RESERVED_CONCURRENCY).reduce((a, b) => a + b, 0);
    expect(total + 100).toBeLessThanOrEqual(1000);
  });
});

describe('HTTP API stage', () => {
  it('writes access logs as JSON to a log group with a retention, without cookies or headers', () => {
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
    const logGroup = resources[refId(DestinationArn)!]!;
    expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
    expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
    const fields = JSON.parse(Format) as Record<string, string>;
    expect(Object.values(fields)).toEqual(
      expect.arrayContaining(['$context.requestId', '$context.status', '$context.identity.sourceIp']),
    );
    expect(Format).not.toMatch(/cookie|authorization|header|requestBody/i);
  });

  it('has one auto-deployed $default stage with access logs and default throttling', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      DefaultRouteSettings: {
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      },
    });
  });
});

describe('least-privilege IAM per route', () => {
  it('never grants dynamodb:Scan, anywhere in the stack', () => {
    expect(JSON.stringify(template.toJSON())).not.toMatch(/dynamodb:Scan|dynamodb:\*/);
  });

  it('grants no wildcard resource and no wildcard action to route functions', () => {
    for (const route of ROUTES) {
      for (const statement of statementsOf(route)) {
        expect(statement.Effect).toBe('Allow');
        expect([statement.Resource].flat(), route.name).not.toContain('*');
        for (const action of [statement.Action].flat()) expect(action, route.name).not.toMatch(/\*/);
      }
    }
  });

  it('grants S3 only to routes that list exports, and only on the exports bucket objects', () => {
    const exportsBucketId = Object.entries(resources).find(
      ([, r]) => r.Type === 'AWS::S3::Bucket' && JSON.stringify(r.Properties.BucketName ?? '').includes('exports'),
    )![0];
    for (const route of ROUTES) {
      const s3Statements = statementsOf(route).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
      if (!route.needs.includes('exports')) {
        expect(s3Statements, route.name).toEqual([]);
        continue;
      }
      expect(s3Statements).toHaveLength(1);
      expect([...referencedIds(s3Statements[0]!.Resource)]).toEqual([exportsBucketId]);
      expect([s3Statements[0]!.Action].flat().sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    }
  });

  it('grants the table only to routes that list it: reads on the table and its named indexes, the rest on the table', () => {
    const tableId = ofType('AWS::DynamoDB::Table')[0]![0];
    for (const route of ROUTES) {
      const tableStatements = statementsOf(route).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('dynamodb:')),
      );
      expect(tableStatements.length > 0, route.name).toBe(route.needs.some((n) => n.startsWith('table:')));
      for (const statement of tableStatements) {
        expect([...referencedIds(statement.Resource)]).toEqual([tableId]);
        expect(JSON.stringify(statement.Resource)).not.toContain('index/*');
        const arns = [statement.Resource].flat().map((r) => JSON.stringify(r));
        if (![statement.Action].flat().includes('dynamodb:Query')) {
          // Writes and DescribeTable name items or the table itself: the table ARN alone.
          expect(arns, route.name).toHaveLength(1);
          continue;
        }
        // The table ARN plus one explicit ARN per named GSI.
        expect(arns).toHaveLength(1 + TABLE.globalIndexes.length);
        for (const index of TABLE.globalIndexes) {
          expect(
            arns.some((a) => a.endsWith(`/index/${index.indexName}"]]}`)),
            `${route.name} ${index.indexName}`,
          ).toBe(true);
        }
      }
    }
  });

  it('grants Cognito admin actions only on the pools a route lists', () => {
    const poolIdsByKey = new Map<string, string>();
    for (const [id, r] of ofType('AWS::Cognito::UserPool')) {
      for (const key of ['employeePool', 'adminPool', 'operatorPool'] as const) {
        const suffix = { employeePool: 'employees', adminPool: 'company-admins', operatorPool: 'operators' }[key];
        if (r.Properties.UserPoolName === `kintai-${STAGE}-${suffix}`) poolIdsByKey.set(key, id);
      }
    }
    expect(poolIdsByKey.size).toBe(3);
    for (const route of ROUTES) {
      const cognitoStatements = statementsOf(route).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('cognito-idp:')),
      );
      const granted = new Set(cognitoStatements.flatMap((s) => [...referencedIds(s.Resource)]));
      const expected = new Set(
        route.needs.filter((n) => /^\w+Pool:/.test(n)).map((n) => poolIdsByKey.get(n.split(':')[0]!)!),
      );
      expect(granted, route.name).toEqual(expected);
    }
    // The company close moved to the recompute worker: only it disables a company's users, on the
    // admin and the employee pools, and it may do nothing else in Cognito.
    const worker = BACKGROUND_FUNCTIONS.find((b) => b.name === 'recompute-worker')!;
    const workerCognito = statementsOf(worker).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('cognito-idp:')),
    );
    expect(new Set(workerCognito.flatMap((s) => [s.Action].flat()))).toEqual(new Set(['cognito-idp:AdminDisableUser']));
    expect(new Set(workerCognito.flatMap((s) => [...referencedIds(s.Resource)]))).toEqual(
      new Set([poolIdsByKey.get('adminPool'), poolIdsByKey.get('employeePool')]),
    );
    expect(ROUTES.find((r) => r.name === 'delete-company')!.needs.filter((n) => n.includes('Pool:'))).toEqual([]);
  });

  it("gives the mail outbox's scheduled function the table and the send from the product's sender, nothing else", () => {
    const outbox = BACKGROUND_FUNCTIONS.find((b) => b.name === 'mail-outbox')!;
    const statements = statementsOf(outbox);
    const actions = new Set(statements.flatMap((s) => [s.Action].flat()));
    // Logs, the table (read and write its items: the outbox's, through the due index) and SES.
    expect([...actions].filter((a) => !a.startsWith('logs:') && !a.startsWith('dynamodb:'))).toEqual(['ses:SendEmail']);
    expect([...actions].some((a) => /^(cognito-idp|s3|lambda):/.test(a))).toBe(false);
    const send = statements.find((s) => [s.Action].flat().includes('ses:SendEmail')) as any;
    expect(send.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@kintai.invalid' } });
    expect(JSON.stringify(send.Resource)).not.toContain('*');
    expect(actions.has('dynamodb:Scan')).toBe(false);
    expect(resources[functionIds.get('mail-outbox')!]!.Properties.Timeout).toBe(300);
  });

  it('lets every function write only to the shared application log group', () => {
    const logGroupIds = new Set(
      ROUTES.map((r) => refId(resources[functionIds.get(r.name)!]!.Properties.LoggingConfig.LogGroup)),
    );
    expect(logGroupIds.size).toBe(1);
    const route = ROUTES.find((r) => r.name === 'get-health')!;
    const logStatement = statementsOf(route).find((s) => [s.Action].flat().includes('logs:PutLogEvents'))!;
    expect([...referencedIds(logStatement.Resource)]).toEqual([...logGroupIds]);
    expect(
      actionsOf(route)
        .filter((a) => a.startsWith('logs:'))
        .sort(),
    ).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });
});
