/**
 * Issue 13 item 8: idempotency and audit as one mechanism. A claim on the Idempotency-Key before the
 * route runs makes a concurrent duplicate wait or get 409; a failed audit write after a committed
 * change leaves a replayable answer (the retry writes the event, never the change); a route whose
 * change is one transaction commits its audit event in that transaction.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { auditPage } from '../../functions/db/audit.js';
import { db } from '../../functions/db/service.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { injectDynamoFault } from '../support/security/faults.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

/** A DynamoDB command that writes a department item (ElectroDB marks items with their entity). */
const writesDepartment = (command: { input?: unknown }) =>
  JSON.stringify(command.input ?? {}).includes('"__edb_e__":"department"');

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

const departmentsNamed = async (name: string) =>
  (await db().entities.Department.query.byCompany({ companyId: tenant.companyId }).go({ pages: 'all' })).data.filter(
    (d) => d.name === name,
  );
const events = async () => (await auditPage(tenant.companyId, 100, null)).events;
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('idempotency claim', () => {
  it('runs the route once for concurrent first attempts with the same key; the others replay or get 409', async () => {
    const name = `同時部署-${Date.now()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.post('/api/v1/departments', { name }, withKey('concurrent-dept-0001'))),
    );
    const created = answers.filter((a) => a.status === 201);
    const busy = answers.filter((a) => a.status === 409);
    expect(created.length + busy.length).toBe(3);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // Whoever answered 201 answered the one run's answer; a 409 says the first attempt is still running.
    expect(new Set(created.map((a) => a.body.data.id)).size).toBe(1);
    for (const b of busy) expect(b.body.message).toBe(MESSAGES.requestInProgress);
    const stored = await departmentsNamed(name);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.departmentId).toBe(created[0]!.body.data.id);
    expect(
      (await events()).filter((e) => e.action === 'department.create' && e.targetId === stored[0]!.departmentId),
    ).toHaveLength(1);
    // A later retry replays the same answer and still changes nothing.
    const retry = await admin.post('/api/v1/departments', { name }, withKey('concurrent-dept-0001'));
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(stored[0]!.departmentId);
    expect(await departmentsNamed(name)).toHaveLength(1);
  });

  it('releases the key when the route fails, so a retry runs', async () => {
    const name = `失敗部署-${Date.now()}`;
    // Only the route's own write (the TransactWrite of the department and its name's unique item) fails;
    // the claim before it succeeds.
    const client = dynamo() as unknown as {
      send: (command: { constructor: { name: string }; input?: unknown }) => Promise<unknown>;
    };
    const original = client.send;
    client.send = function (this: unknown, command) {
      if (command.constructor.name === 'TransactWriteCommand' && writesDepartment(command))
        return Promise.reject(new Error('simulated storage failure'));
      return original.call(client, command);
    } as typeof client.send;
    try {
      expect((await admin.post('/api/v1/departments', { name }, withKey('release-dept-0001'))).status).toBe(500);
    } finally {
      client.send = original;
    }
    expect(await departmentsNamed(name)).toHaveLength(0);
    // Without the release this retry would find the claim running and answer 409.
    const retry = await admin.post('/api/v1/departments', { name }, withKey('release-dept-0001'));
    expect(retry.status).toBe(201);
    expect(await departmentsNamed(name)).toHaveLength(1);
  });
});

describe('audit with the change', () => {
  it('a failed audit write after the change does not make the retry apply the change again', async () => {
    const name = `監査失敗部署-${Date.now()}`;
    // The department (with its name's unique item) is one TransactWrite; its audit event goes in the
    // other TransactWrite, the one completing the key: only that one fails.
    const client = dynamo() as unknown as {
      send: (command: { constructor: { name: string }; input?: unknown }) => Promise<unknown>;
    };
    const original = client.send;
    let failed = 0;
    client.send = function (this: unknown, command) {
      if (command.constructor.name === 'TransactWriteCommand' && !writesDepartment(command) && failed === 0) {
        failed++;
        return Promise.reject(new Error('simulated audit failure'));
      }
      return original.call(client, command);
    } as typeof client.send;
    const first = await admin.post('/api/v1/departments', { name }, withKey('audit-fail-0001'));
    client.send = original;
    expect(failed).toBe(1);
    expect(first.status).toBe(500);
    const [dept] = await departmentsNamed(name);
    expect(dept).toBeDefined();
    expect((await events()).filter((e) => e.targetId === dept!.departmentId)).toHaveLength(0);

    const retry = await admin.post('/api/v1/departments', { name }, withKey('audit-fail-0001'));
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(dept!.departmentId);
    expect(await departmentsNamed(name)).toHaveLength(1);
    const trail = (await events()).filter((e) => e.targetId === dept!.departmentId);
    expect(trail.map((e) => e.action)).toEqual(['department.create']);
    // A further retry neither changes nor records anything again.
    expect((await admin.post('/api/v1/departments', { name }, withKey('audit-fail-0001'))).body.data.id).toBe(
      dept!.departmentId,
    );
    expect((await events()).filter((e) => e.targetId === dept!.departmentId)).toHaveLength(1);
  });

  it('a transactional route (punch correction) has its audit event exactly when its change committed', async () => {
    const employeeId = tenant.employees[0]!.id;
    const modifications = async () =>
      (
        await db()
          .entities.Modification.query.byEmployee({ companyId: tenant.companyId, employeeId })
          .go({ pages: 'all' })
      ).data;
    const corrections = async () => (await events()).filter((e) => e.action === 'attendance.correct');
    const payload = { year: 2026, month: 4, day: 6, punch_in_at: '09:00', punch_out_at: '18:00', reason: '打刻忘れ' };

    // The day, the modification and the audit event are one TransactWrite: failing it leaves none of them.
    const fault = injectDynamoFault({
      commands: ['TransactWriteCommand'],
      times: 1,
      error: () => new Error('simulated transaction failure'),
    });
    expect((await staff.post('/api/v1/modify_timestamps', payload, withKey('correct-0001-abc'))).status).toBe(500);
    fault.restore();
    expect(await modifications()).toHaveLength(0);
    expect(await corrections()).toHaveLength(0);

    // The retry (the key was released) applies it once, with its event, written in the same transaction.
    const res = await staff.post('/api/v1/modify_timestamps', payload, withKey('correct-0001-abc'));
    expect(res.status).toBe(201);
    const [mod] = await modifications();
    expect(await modifications()).toHaveLength(1);
    const trail = await corrections();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.targetId).toBe(mod!.modificationId);
    expect(trail[0]!.actorId).toBe(employeeId);

    // The change and its event commit (TransactWrite 1), the month summary is refreshed (2), then
    // completing the key (3) fails: the retry replays the answer instead of correcting the day again.
    const client = dynamo() as unknown as { send: (command: { constructor: { name: string } }) => Promise<unknown> };
    const original = client.send;
    let transactions = 0;
    client.send = function (this: unknown, command) {
      if (command.constructor.name === 'TransactWriteCommand' && ++transactions === 3)
        return Promise.reject(new Error('simulated completion failure'));
      return original.call(client, command);
    } as typeof client.send;
    let failed;
    try {
      failed = await staff.post('/api/v1/modify_timestamps', { ...payload, day: 8 }, withKey('correct-0003-abc'));
    } finally {
      client.send = original;
    }
    expect(transactions).toBe(3);
    expect(failed.status).toBe(500);
    expect(await modifications()).toHaveLength(2);
    expect(await corrections()).toHaveLength(2);
    const replayed = await staff.post('/api/v1/modify_timestamps', { ...payload, day: 8 }, withKey('correct-0003-abc'));
    expect(replayed.status).toBe(201);
    expect((await modifications()).map((m) => m.modificationId)).toContain(replayed.body.data.id);
    expect(await modifications()).toHaveLength(2);
    expect(await corrections()).toHaveLength(2);

    // A rejected change (409: the day changed under it) has no event either.
    const conflicting = injectDynamoFault({
      commands: ['TransactWriteCommand'],
      times: 1,
      error: () =>
        Object.assign(new Error('Transaction cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }],
        }),
    });
    const second = await staff.post('/api/v1/modify_timestamps', { ...payload, day: 7 }, withKey('correct-0002-abc'));
    conflicting.restore();
    expect(second.status).not.toBe(201);
    expect(await modifications()).toHaveLength(2);
    expect(await corrections()).toHaveLength(2);
  });
});
