/**
 * `useTestStack()` — call it at the top of an integration (or e2e) test file. Before the tests run
 * it creates this file's own DynamoDB table, points process.env at the shared emulators and starts
 * the local gateway in-process on a free port; after them it stops the gateway and drops the table.
 *
 *   const stack = useTestStack();
 *   it('…', async () => { const client = createHttpClient(stack.baseUrl); … });
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { LOCAL_HOST } from '../../lib/local/emulators';
import { createGateway, type GatewayOptions } from '../../lib/local/gateway';
import { applyApiEnv, deleteTable, dynamoDbClient, ensureTable, type LocalApiEnv } from '../../lib/local/provision';
import { resetEnvCache } from '../../functions/shared/env';
import './provided';

export interface TestStack {
  /** `http://127.0.0.1:<port>` of this file's gateway. */
  readonly baseUrl: string;
  /** This file's table. */
  readonly tableName: string;
  /** The API env the handlers run with (also applied to process.env). */
  readonly env: LocalApiEnv;
  /** A DynamoDB client on the emulator, for arranging and asserting data directly. */
  readonly dynamo: DynamoDBClient;
  readonly server: Server;
}

export interface TestStackOptions extends Omit<GatewayOptions, 'staticDir'> {
  /** Serve this SPA build too (e2e); integration tests use the API only or a fixture dir. */
  staticDir?: string;
}

export function useTestStack(options: TestStackOptions = {}): TestStack {
  const shared = inject('localStack').env;
  // setup-stack-env.ts chose this file's table name before the file was imported.
  const tableName = process.env.TABLE_NAME?.startsWith('kintai-test-')
    ? process.env.TABLE_NAME
    : `kintai-test-${Date.now()}`;
  const env: LocalApiEnv = { ...shared, TABLE_NAME: tableName };
  applyApiEnv(env);

  let server: Server | undefined;
  let dynamo: DynamoDBClient | undefined;
  let baseUrl: string | undefined;

  beforeAll(async () => {
    // Another file in the same worker may have changed the env since this file was imported.
    applyApiEnv(env);
    resetEnvCache();
    dynamo = dynamoDbClient(env.DYNAMODB_ENDPOINT);
    await ensureTable(dynamo, tableName);
    server = createGateway(options);
    await new Promise<void>((done, fail) => {
      server!.once('error', fail);
      server!.listen(0, LOCAL_HOST, () => done());
    });
    baseUrl = `http://${LOCAL_HOST}:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((done) => server!.close(() => done()));
    }
    if (dynamo) {
      await deleteTable(dynamo, tableName);
      dynamo.destroy();
    }
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined)
      throw new Error(`useTestStack().${name} is ready inside tests and hooks, not at file top level`);
    return value;
  };
  return {
    get baseUrl() {
      return ready(baseUrl, 'baseUrl');
    },
    tableName,
    env,
    get dynamo() {
      return ready(dynamo, 'dynamo');
    },
    get server() {
      return ready(server, 'server');
    },
  };
}
