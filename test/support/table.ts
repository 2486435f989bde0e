/**
 * Whole-table snapshots for "a refused call writes nothing" assertions (a Scan is fine in a test,
 * never in a request path). Sessions and rate-limit counters are left out: signing in writes them; so
 * are 勤怠状況's digests (`wsdigest#`): derived figures the background worker rebuilds after an
 * accepted call, whenever it finishes.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';

export async function tableSnapshot(tableName: string): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  const kept = items
    .filter((i) => !/^(session#|rate#|wsdigest#)/.test(String(i.pk)))
    // An accepted export's worker keeps updating its job in the background; only the job's existence
    // is the request's doing, so its progress fields are left out of the comparison.
    .map((i) =>
      String(i.sk).startsWith('export#')
        ? {
            ...i,
            status: undefined,
            rowCount: undefined,
            bytes: undefined,
            finishedAt: undefined,
            updatedAt: undefined,
          }
        : String(i.sk).startsWith('recompute#')
          ? // The same for a settings save's recompute job (its worker counts employees as it goes).
            { ...i, status: undefined, total: undefined, done: undefined, failed: undefined, finishedAt: undefined }
          : i,
    );
  return JSON.stringify(kept.map((i) => JSON.stringify(i)).sort());
}
