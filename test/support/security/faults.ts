/**
 * Fault injection for the local stack. The handlers run in the test's process and share its
 * singleton SDK clients, so wrapping those clients' `send` (DynamoDB) and the global `fetch` the
 * unsigned Cognito calls use (InitiateAuth, RespondToAuthChallenge) makes the real handlers see
 * throttling, internal errors and timeouts exactly where chosen. Every injector returns its undo.
 */
import { dynamo } from '../../../functions/shared/clients/dynamodb.js';

/** An error shaped like the AWS SDK's (name, $fault, $metadata). */
export function awsError(name: string, message = name, status = 400): Error {
  return Object.assign(new Error(message), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 1 },
  });
}

export const throttled = () =>
  awsError(
    'ProvisionedThroughputExceededException',
    'The level of configured provisioned throughput for the table was exceeded.',
  );
export const timedOut = () =>
  Object.assign(awsError('TimeoutError', 'Connection timed out after 1000 ms', 0), { $fault: 'client' });

export interface DynamoFault {
  /** Command class names to fail, e.g. `GetCommand`, `TransactWriteCommand`; all when absent. */
  commands?: string[];
  /** Only the first n matching calls fail (all when absent). */
  times?: number;
  error: () => Error;
}

/** Makes matching DynamoDB calls fail; returns how many failed so far and the undo. */
export function injectDynamoFault(fault: DynamoFault): { failed: () => number; restore: () => void } {
  const client = dynamo() as unknown as {
    send: (command: { constructor: { name: string } }, ...rest: unknown[]) => Promise<unknown>;
  };
  const original = client.send;
  let failed = 0;
  client.send = function (this: unknown, command, ...rest) {
    const name = command.constructor.name;
    const matches = !fault.commands || fault.commands.includes(name);
    if (matches && (fault.times === undefined || failed < fault.times)) {
      failed++;
      return Promise.reject(fault.error());
    }
    return original.call(client, command, ...rest);
  } as typeof client.send;
  return {
    failed: () => failed,
    restore: () => {
      client.send = original;
    },
  };
}

/** Makes the unsigned Cognito JSON calls (by target, e.g. `InitiateAuth`) answer an error or time out. */
export function injectCognitoFetchFault(
  cognitoEndpoint: string,
  target: string,
  outcome: 'internal-error' | 'timeout',
): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    if (url.startsWith(cognitoEndpoint) && headers.get('x-amz-target')?.endsWith(`.${target}`)) {
      if (outcome === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      return new Response(
        JSON.stringify({ __type: 'InternalErrorException', message: 'Internal error while processing request' }),
        {
          status: 500,
          headers: { 'content-type': 'application/x-amz-json-1.1' },
        },
      );
    }
    return original(input, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}
