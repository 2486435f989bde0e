/**
 * The DynamoDB requests of one API call as test/integration/request-counts.test.ts measures them, and
 * the table both that test and `npm run bench:requests` print.
 */
export interface RouteCount {
  route: string;
  status: number;
  /** Requests of the route itself, without the session read. */
  requests: number;
  sessionReads: number;
  byCommand: Record<string, number>;
  /** Capacity units DynamoDB Local reported (session read included), when it reported any. */
  capacity: number | null;
  /** The same, split by command kind: read units (RRU) and write units (WRU). */
  readUnits: number | null;
  writeUnits: number | null;
  note?: string;
}

export function printRequestCounts(rows: RouteCount[]): void {
  const cmd = (r: RouteCount) =>
    Object.entries(r.byCommand)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ') || '—';
  const cap = (r: RouteCount) => (r.capacity === null ? '—' : `${r.capacity} (R ${r.readUnits} W ${r.writeUnits})`);
  console.log('\nDynamoDB requests per API call — 20 staff, two months of attendance; the session GetItem of every');
  console.log(
    'authenticated call is counted apart ("sess"); capacity units as DynamoDB Local reports them (incl. session)\n',
  );
  console.log(
    `${'route'.padEnd(30)} ${'HTTP'.padStart(4)} ${'reqs'.padStart(4)} ${'sess'.padStart(4)}  ${'by command'.padEnd(48)} ${'capacity units'.padEnd(20)} note`,
  );
  for (const r of rows) {
    console.log(
      `${r.route.padEnd(30)} ${String(r.status).padStart(4)} ${String(r.requests).padStart(4)} ${String(r.sessionReads).padStart(4)}  ${cmd(r).padEnd(48)} ${cap(r).padEnd(20)} ${r.note ?? ''}`,
    );
  }
}
