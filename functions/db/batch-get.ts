/** BatchGetItem's limit: at most 100 keys a call. */
const BATCH_GET_KEYS = 100;

/**
 * The items of `keys` by BatchGetItem, 100 keys a call (so ceil(n / 100) requests: bounded by the
 * caller's list, never by the company). `get` is one ElectroDB batch get of one chunk (e.g.
 * `(chunk) => Employee.get(chunk).go()`); keys not found are left out. Keys the store left unprocessed
 * are an error, not a silent gap.
 */
export async function batchGetChunks<K, T>(
  keys: readonly K[],
  get: (chunk: K[]) => Promise<{ data: T[]; unprocessed: readonly unknown[] }>,
  what: string,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_KEYS) {
    const { data, unprocessed } = await get(keys.slice(i, i + BATCH_GET_KEYS));
    if (unprocessed.length) throw new Error(`${unprocessed.length} ${what} keys left unprocessed`);
    out.push(...data);
  }
  return out;
}
