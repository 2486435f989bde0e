import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients/dynamodb.js';
import { env } from '../shared/env.js';

/**
 * Every item of one partition whose sort key lies between `from` and `to` (inclusive), all pages: one
 * raw Query that returns several entities at once (issue 19's hot paths read adjacent sort-key ranges
 * this way); the caller parses each entity out of the items with ElectroDB's `parse`.
 */
export async function itemsInKeyRange(pk: string, from: string, to: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
