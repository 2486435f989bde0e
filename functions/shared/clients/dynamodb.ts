import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env.js';

let client: DynamoDBDocumentClient | undefined;

/** Created once per cold start, on first use (so the local stack can set its endpoint first). */
export function dynamo(): DynamoDBDocumentClient {
  if (!client) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = env();
    const base = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
    });
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return client;
}
