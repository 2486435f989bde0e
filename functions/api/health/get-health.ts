import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../shared/clients/dynamodb.js';
import { env } from '../../shared/env.js';
import { ServiceUnavailableError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';

/** Ready when the table answers. */
export const handler = api('get-health', {}, async () => {
  const out = await dynamo()
    .send(new DescribeTableCommand({ TableName: env().TABLE_NAME }))
    .catch(() => null);
  if (out?.Table?.TableStatus !== 'ACTIVE') throw new ServiceUnavailableError();
  return ok({ status: 'ok' });
});
