/**
 * Least privilege per route, checked against the code rather than against the route table: for
 * every route, the role CDK builds from `needs` may write business items only if the route's code
 * writes them, may write session / rate-limit items only under their key prefixes, and may call no
 * Cognito action the code does not send (route-code.ts reads the code). The checks go both ways, so
 * a grant the code would miss at run time fails here too.
 */
import { Entity } from 'electrodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEY_PREFIXES } from '../../functions/config/table';
import { PasswordReset } from '../../functions/db/entities/password-reset';
import { RateLimit } from '../../functions/db/entities/rate-limit';
import { Session } from '../../functions/db/entities/session';
import { WorkStatusDigest } from '../../functions/db/entities/work-status-digest';
import { ClosingChecklistDigest } from '../../functions/db/entities/closing-checklist-digest';
import { PlatformMail } from '../../functions/db/entities/mail-outbox';
import { ROUTES, type RouteDef } from '../../functions/routes';
import { STAGE, refId, synthKintai, type Resources } from './synth';
import { HOUSEKEEPING_ENTITIES, analyseRoutes, entityNames, type RouteCode } from './route-code';

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: Record<string, Record<string, string | string[]>>;
}

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];

let resources: Resources;
let code: Map<string, RouteCode>;
const functionIds = new Map<string, string>();

beforeAll(async () => {
  resources = synthKintai().template.toJSON().Resources;
  for (const [id, r] of Object.entries(resources)) {
    const name = r.Properties?.FunctionName;
    if (r.Type === 'AWS::Lambda::Function' && typeof name === 'string')
      functionIds.set(name.replace(`kintai-${STAGE}-`, ''), id);
  }
  code = await analyseRoutes(ROUTES);
});

function statementsOf(route: RouteDef): Statement[] {
  const fn = resources[functionIds.get(route.name)!]!;
  const role = resources[refId(fn.Properties.Role)!]!;
  return (role.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
}
const actions = (s: Statement) => [s.Action].flat();

/** What a route's role may do to the table and Cognito, in the terms of the code scan. */
function grantsOf(route: RouteDef) {
  const statements = statementsOf(route);
  const unconditioned = statements.filter((s) => !s.Condition);
  const conditioned = statements.filter((s) => s.Condition && actions(s).some((a) => a.startsWith('dynamodb:')));
  return {
    reads: READ_ACTIONS.filter((a) => unconditioned.some((s) => actions(s).includes(a))),
    writes: WRITE_ACTIONS.filter((a) => unconditioned.some((s) => actions(s).includes(a))),
    conditionedWrites: WRITE_ACTIONS.filter((a) => conditioned.some((s) => actions(s).includes(a))),
    conditions: conditioned.map((s) => s.Condition),
    describe: unconditioned.some((s) => actions(s).includes('dynamodb:DescribeTable')),
    cognito: new Set(statements.flatMap(actions).filter((a) => a.startsWith('cognito-idp:'))),
    mail: statements.filter((s) => actions(s).includes('ses:SendEmail')),
  };
}

describe('the code scan', () => {
  it('knows every entity, and finds both kinds of write and the Cognito commands somewhere', () => {
    expect(entityNames()).toEqual(
      expect.arrayContaining([...HOUSEKEEPING_ENTITIES, 'Employee', 'AttendanceDay', 'AuditEvent']),
    );
    const all = [...code.values()];
    expect(all.some((c) => c.businessWrites)).toBe(true);
    expect(all.some((c) => c.housekeepingWrites)).toBe(true);
    expect(code.get('create-employee')!.cognitoActions).toContain('cognito-idp:AdminCreateUser');
    expect(code.get('get-health')!.dynamodbCommands).toEqual(new Set(['dynamodb:DescribeTable']));
    // Dependency objects are followed member by member: retiring a staff member only disables the user.
    expect(code.get('delete-employee')!.cognitoActions).toEqual(new Set(['cognito-idp:AdminDisableUser']));
    expect(code.get('update-employee')!.cognitoActions).not.toContain('cognito-idp:AdminCreateUser');
    // The middleware's writes for a route come from its spec: create-department is audited.
    expect(code.get('create-department')!.writes).toContain('AuditEvent');
  });
});

describe('least privilege per route, derived from the code', () => {
  it('grants business-item writes only to routes whose code writes business items', () => {
    for (const route of ROUTES) {
      const granted = grantsOf(route);
      const c = code.get(route.name)!;
      expect(granted.writes.length > 0, `${route.name} unconditional writes ${granted.writes}`).toBe(c.businessWrites);
      if (c.businessWrites) expect(granted.writes.sort(), route.name).toEqual([...WRITE_ACTIONS].sort());
    }
  });

  it('lets GET routes, the public health check included, write no business item', () => {
    const gets = ROUTES.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(30);
    for (const route of gets) expect(grantsOf(route).writes, route.name).toEqual([]);
    const health = grantsOf(ROUTES.find((r) => r.name === 'get-health')!);
    expect(health).toMatchObject({ reads: [], writes: [], conditionedWrites: [], describe: true });
  });

  it('lets routes that write only sessions / rate-limit counters write them under their key prefixes', () => {
    for (const route of ROUTES) {
      const granted = grantsOf(route);
      const c = code.get(route.name)!;
      expect(granted.conditionedWrites.length > 0, `${route.name} conditioned writes`).toBe(c.housekeepingWrites);
      for (const condition of granted.conditions) {
        expect(condition, route.name).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': SESSION_KEY_PREFIXES.map((p) => `${p}*`) },
        });
      }
    }
  });

  it('uses prefixes the session, rate-limit and password-reset entities really build their partition keys with', () => {
    const table = 'kintai-test';
    const sessionKey = new Entity(Session, { table }).get({ sessionId: 'abc' }).params().Key.pk as string;
    const rateKey = new Entity(RateLimit, { table }).get({ bucket: 'inquiry#x', window: 60 }).params().Key.pk as string;
    const resetKey = new Entity(PasswordReset, { table }).get({ account: 'x' }).params().Key.pk as string;
    const digestKey = new Entity(WorkStatusDigest, { table }).get({ companyId: 'c', month: '2026-11' }).params().Key
      .pk as string;
    const checklistKey = new Entity(ClosingChecklistDigest, { table })
      .get({ companyId: 'c', period: '2026-11' })
      .params().Key.pk as string;
    const platformMailKey = new Entity(PlatformMail, { table }).get({ mailId: 'm' }).params().Key.pk as string;
    for (const key of [sessionKey, rateKey, resetKey, digestKey, checklistKey, platformMailKey])
      expect(
        SESSION_KEY_PREFIXES.some((p) => key.startsWith(p)),
        key,
      ).toBe(true);
    // No business key can start with them: tenant items start with the company id, platform items with their own.
    expect(SESSION_KEY_PREFIXES.every((p) => p.endsWith('#'))).toBe(true);
  });

  it('grants table reads exactly to the routes that read, and DescribeTable only where the code sends it', () => {
    for (const route of ROUTES) {
      const granted = grantsOf(route);
      const c = code.get(route.name)!;
      expect(granted.reads.length > 0, `${route.name} reads`).toBe(c.reads);
      if (c.reads) expect(granted.reads.sort(), route.name).toEqual([...READ_ACTIONS].sort());
      expect(granted.describe, `${route.name} DescribeTable`).toBe(c.dynamodbCommands.has('dynamodb:DescribeTable'));
    }
  });

  it('grants exactly the Cognito admin actions the route code sends, and none for unsigned calls', () => {
    for (const route of ROUTES) {
      expect(grantsOf(route).cognito, route.name).toEqual(code.get(route.name)!.cognitoActions);
    }
    // Sign-in, MFA and first-password routes only make unsigned user-pool calls.
    for (const name of [
      'sign-in-user',
      'sign-in-company',
      'sign-in-operator',
      'mfa-operator',
      'new-password-user',
      'start-operator-mfa',
    ]) {
      expect(grantsOf(ROUTES.find((r) => r.name === name)!).cognito, name).toEqual(new Set());
    }
  });

  it("grants ses:SendEmail exactly to the routes whose code sends mail (notify), from the product's sender only", () => {
    for (const route of ROUTES) {
      const { mail } = grantsOf(route);
      expect(mail.length > 0, `${route.name} ses:SendEmail`).toBe(code.get(route.name)!.sendsMail);
      for (const statement of mail) {
        expect(actions(statement), route.name).toEqual(['ses:SendEmail']);
        expect(statement.Condition, route.name).toEqual({
          StringEquals: { 'ses:FromAddress': 'no-reply@kintai.invalid' },
        });
        expect(JSON.stringify(statement.Resource), route.name).not.toContain('*');
      }
    }
    // The scan sees the mail call through notify: the welcome mail of a new staff member.
    expect(code.get('create-employee')!.sendsMail).toBe(true);
    expect(code.get('get-health')!.sendsMail).toBe(false);
    // The outbox (issue 30 item 12): the admins' 再送 sends; their list and the operator's only read.
    expect(code.get('resend-mail')!.sendsMail).toBe(true);
    expect(code.get('list-mail-outbox')!.sendsMail).toBe(false);
    expect(code.get('list-platform-mails')!.sendsMail).toBe(false);
    // The public reset route stores the code's mail in the platform's outbox only (a prefixed,
    // conditioned write), never a company's.
    expect([...code.get('start-password-reset')!.writes]).toContain('PlatformMail');
    expect([...code.get('start-password-reset')!.writes]).not.toContain('MailOutbox');
    expect(code.get('create-holiday-request')!.writes).toContain('MailOutbox');
  });

  it('prints the per-route summary', () => {
    const rows = ROUTES.map((route) => {
      const g = grantsOf(route);
      return {
        route: route.name,
        method: route.method,
        table: g.writes.length
          ? 'write'
          : g.conditionedWrites.length
            ? 'read + session items'
            : g.reads.length
              ? 'read'
              : g.describe
                ? 'describe'
                : '-',
        cognito: [...g.cognito].map((a) => a.replace('cognito-idp:', '')).join(' '),
      };
    });
    const count = (table: string) => rows.filter((r) => r.table === table).length;
    console.log(
      `Least privilege: ${rows.length} routes; table read-only ${count('read')}, read + session/rate-limit items ` +
        `${count('read + session items')}, write ${count('write')}, DescribeTable only ${count('describe')}; ` +
        `with Cognito admin actions ${rows.filter((r) => r.cognito).length}; GET routes able to write business items: ` +
        `${rows.filter((r) => r.method === 'GET' && r.table === 'write').length}`,
    );
    console.table(rows);
    expect(rows).toHaveLength(ROUTES.length);
  });
});
