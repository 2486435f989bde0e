/**
 * Counts every DynamoDB request the handlers make, by command (the export and rush benches print
 * them next to their budgets): a middleware on the shared client, counting from `reset()`.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export function countRequests(client: DynamoDBDocumentClient, name = 'benchRequestCounter') {
  const counts = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (input) => {
      counts.set(context.commandName ?? '?', (counts.get(context.commandName ?? '?') ?? 0) + 1);
      return next(input);
    },
    { step: 'initialize', name },
  );
  return {
    reset: () => counts.clear(),
    /** The requests since the last reset: their number and `Command×n` by command. */
    snapshot: () => ({
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      byCommand: [...counts].map(([k, v]) => `${k}×${v}`).join(' '),
    }),
  };
}
