/**
 * AWS cost model (issue 9 §5): the monthly AWS bill per 1,000 employees, from the DynamoDB requests
 * and capacity units measured per route (test/bench/request-counts.ts) and AWS list prices for
 * ap-northeast-1 (Tokyo). Prints the usage model, a table per service and the total.
 *
 *   npx tsx test/bench/cost-model.ts [--employees 1000] [--fresh]
 *
 * `--fresh` re-measures the request counts (else the JSON of the last request-count run is used, or
 * measured once if there is none).
 *
 * PRICES: on-demand list prices in USD, without free tiers (the free tiers are per account, not per
 * 1,000 employees; they would make a small deployment cheaper still) and without tax. They were taken
 * from the public AWS pricing pages named next to each constant, Asia Pacific (Tokyo) where the page
 * has regions, as published in 2025 (prices checked: 2025-06; the DynamoDB on-demand figures are the
 * ones after the price reduction of 2024-11-01). This machine has no internet access, so they are not
 * fetched live: re-check them against the pages before quoting a figure in a contract.
 */
import { ROUTES } from '../../functions/routes';
import type { RouteCount } from '../support/request-counts';
import { requestCounts } from './request-counts';

const args = process.argv.slice(2);
const EMPLOYEES = Number(args[args.indexOf('--employees') + 1] || 0) || 1000;

// ---- prices (USD) ----------------------------------------------------------------------------------

const PRICE = {
  /** https://aws.amazon.com/lambda/pricing/ — Tokyo, Arm: $0.0000133334 per GB-second (first 7.5 bn GB-s/month). */
  lambdaArmGbSecond: 0.0000133334,
  /** https://aws.amazon.com/lambda/pricing/ — $0.20 per 1M requests. */
  lambdaPerMillionRequests: 0.2,
  /** https://aws.amazon.com/api-gateway/pricing/ — Tokyo, HTTP APIs: $1.29 per million (first 300 M/month, 512 KB units). */
  httpApiPerMillion: 1.29,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo, Standard table class: $0.715 per million write request units. */
  dynamoPerMillionWru: 0.715,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo: $0.1425 per million read request units. */
  dynamoPerMillionRru: 0.1425,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo, data storage: $0.285 per GB-month (after 25 GB free). */
  dynamoStorageGbMonth: 0.285,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo, continuous backups (PITR): $0.228 per GB-month. */
  dynamoPitrGbMonth: 0.228,
  /** https://aws.amazon.com/backup/pricing/ — Tokyo, DynamoDB backup warm storage: $0.114 per GB-month. */
  backupWarmGbMonth: 0.114,
  /** https://aws.amazon.com/backup/pricing/ — Tokyo, DynamoDB backup cold storage: $0.0342 per GB-month. */
  backupColdGbMonth: 0.0342,
  /** https://aws.amazon.com/s3/pricing/ — Tokyo, S3 Standard: $0.025 per GB-month (first 50 TB). */
  s3StorageGbMonth: 0.025,
  /** https://aws.amazon.com/s3/pricing/ — Tokyo: PUT/COPY/POST/LIST $0.0047 per 1,000 requests. */
  s3PutPerThousand: 0.0047,
  /** https://aws.amazon.com/s3/pricing/ — Tokyo: GET/SELECT $0.00037 per 1,000 requests. */
  s3GetPerThousand: 0.00037,
  /** https://aws.amazon.com/cloudfront/pricing/ — Japan edge, data transfer out: $0.114 per GB (first 10 TB). */
  cloudFrontGb: 0.114,
  /** https://aws.amazon.com/cloudfront/pricing/ — Japan edge, HTTPS requests: $0.0120 per 10,000. */
  cloudFrontPer10kHttps: 0.012,
  /** https://aws.amazon.com/cognito/pricing/ — Plus feature plan: $0.020 per MAU (no free tier); the pools use Plus. */
  cognitoPlusMau: 0.02,
  /** https://aws.amazon.com/cognito/pricing/ — Essentials: $0.015 per MAU (above 10,000 free), for comparison. */
  cognitoEssentialsMau: 0.015,
  /** https://aws.amazon.com/cognito/pricing/ — Lite: $0.0055 per MAU (10,001–100,000; first 10,000 free), for comparison. */
  cognitoLiteMau: 0.0055,
  /** https://aws.amazon.com/waf/pricing/ — $5.00 per web ACL per month. */
  wafWebAclMonth: 5,
  /** https://aws.amazon.com/waf/pricing/ — $1.00 per rule (or managed rule group) per month. */
  wafRuleMonth: 1,
  /** https://aws.amazon.com/waf/pricing/ — $0.60 per million requests inspected. */
  wafPerMillion: 0.6,
  /** https://aws.amazon.com/secrets-manager/pricing/ — $0.40 per secret per month. */
  secretMonth: 0.4,
  /** https://aws.amazon.com/kms/pricing/ — $1.00 per customer managed key per month (the backup vault key). */
  kmsKeyMonth: 1,
  /** https://aws.amazon.com/cloudwatch/pricing/ — Tokyo, Logs ingestion (Standard): $0.76 per GB. */
  logsIngestGb: 0.76,
  /** https://aws.amazon.com/cloudwatch/pricing/ — Tokyo, Logs storage: $0.033 per GB-month. */
  logsStoreGbMonth: 0.033,
} as const;

// ---- usage model (per employee per month unless said otherwise) ---------------------------------------

const WORK_DAYS = 21;
/** One company admin per 50 employees; one platform operator for the whole deployment. */
const ADMINS_PER_EMPLOYEE = 1 / 50;

/** API calls by route, per employee per month. */
const EMPLOYEE_CALLS: Record<string, number> = {
  // A working day: sign in once (sessions last 12 h), open the punch screen twice, punch in and out.
  'sign-in-user': WORK_DAYS,
  'get-session': WORK_DAYS * 3,
  'get-today-timestamp': WORK_DAYS * 2,
  'list-info-items': WORK_DAYS * 2,
  'get-own-paid-leave': WORK_DAYS * 2,
  'create-timestamp': WORK_DAYS * 2,
  // A month: look at the attendance table and own figures a few times, file a few requests.
  'list-timestamps': 6,
  'get-own-work-status': 4,
  'get-own-profile': 1,
  'list-holiday-requests': 3,
  'create-holiday-request': 1,
  'list-over-work-requests': 2,
  'create-over-work-request': 1,
  'list-holiday-work-requests': 1,
  'create-holiday-work-request': 0.2,
  'list-modify-timestamps': 1,
  'get-modify-timestamp': 0.5,
  'create-modify-timestamp': 0.5,
  'sign-out-user': 4,
};

/** API calls by route, per admin per month (on top: deciding every employee request, see below). */
const ADMIN_CALLS: Record<string, number> = {
  'sign-in-company': WORK_DAYS,
  'get-session': WORK_DAYS * 10,
  'list-info-items': WORK_DAYS,
  'list-employees': WORK_DAYS * 2,
  'list-timestamps': WORK_DAYS * 5,
  'list-holiday-requests': WORK_DAYS,
  'list-over-work-requests': WORK_DAYS,
  'list-holiday-work-requests': WORK_DAYS / 2,
  'get-work-status': WORK_DAYS,
  'get-employee': 10,
  'update-employee': 2,
  'create-employee': 1,
  'list-paid-leave': 4,
  'get-paid-leave': 5,
  'list-audit-events': 2,
  'get-working-time': 1,
  'get-break-time': 1,
  'list-departments': 2,
  'list-employment-statuses': 2,
  // Month end: the attendance CSV, polled until ready, and the paid-leave register.
  'create-attendance-export': 2,
  'get-attendance-export': 10,
  'create-leave-register-export': 1,
  'get-leave-register-export': 5,
  'sign-out-company': 4,
};

/** Each employee request is decided once by an admin. */
const DECISIONS: Record<string, string> = {
  'create-holiday-request': 'decide-holiday-request',
  'create-over-work-request': 'decide-over-work-request',
  'create-holiday-work-request': 'decide-holiday-work-request',
};

/** Lambda: memory of API functions (lib/constructs/api-function.ts default) and billed time. */
const API_MEMORY_GB = 256 / 1024;
/** Handler time outside DynamoDB on a warm function, and per DynamoDB request (in-region round trip). */
const WARM_BASE_MS = 15;
const MS_PER_DYNAMO_REQUEST = 6;
/** Cold starts: share of invocations and billed INIT time at 256 MB (measured load ×~4 for Lambda's CPU share). */
const COLD_SHARE = 0.05;
const COLD_INIT_MS = 400;
/** Export worker: one run per export at 1,024 MB; ~2 s per 1,000 employee-months (test/bench/export.ts). */
const EXPORT_WORKER_GB = 1;
const EXPORT_WORKER_S_PER_1000 = 2;

/** Data sizes. */
const API_RESPONSE_KB = 3;
/** SPA assets per page view after the first visit (hashed assets are cached; HTML and manifest are not). */
const ASSET_KB_PER_PAGE = 20;
const ASSET_REQUESTS_PER_PAGE = 2;
/** Stored per employee-month: 21 days, summary, requests, audit events (~0.5 KB per item, GSIs included). */
const STORED_KB_PER_EMPLOYEE_MONTH = 40;
/** Months of data kept in the table (the law asks for 5 years of attendance records). */
const MONTHS_KEPT = 60;
/** CloudWatch: HTTP API access log line plus Lambda START/END/REPORT lines per call. */
const LOG_BYTES_PER_CALL = 900;

// ---- computation ------------------------------------------------------------------------------------

const counts = requestCounts(undefined, args.includes('--fresh'));

/** A route's measured figures (for create-timestamp: the mean of punch-in and punch-out). */
function measured(route: string): { requests: number; rru: number; wru: number } {
  const rows = counts.filter((r) => r.route === route && r.status < 400);
  if (!rows.length) throw new Error(`no successful measurement for ${route}`);
  const mean = (pick: (r: RouteCount) => number) => rows.reduce((a, r) => a + pick(r), 0) / rows.length;
  return {
    requests: mean((r) => r.requests + r.sessionReads),
    rru: mean((r) => r.readUnits ?? 0),
    wru: mean((r) => r.writeUnits ?? 0),
  };
}

const calls = new Map<string, number>();
const add = (route: string, n: number) => calls.set(route, (calls.get(route) ?? 0) + n);
const admins = EMPLOYEES * ADMINS_PER_EMPLOYEE;
for (const [route, n] of Object.entries(EMPLOYEE_CALLS)) add(route, n * EMPLOYEES);
for (const [route, n] of Object.entries(ADMIN_CALLS)) add(route, n * admins);
for (const [create, decide] of Object.entries(DECISIONS)) add(decide, (EMPLOYEE_CALLS[create] ?? 0) * EMPLOYEES);
for (const route of calls.keys()) if (!ROUTES.some((r) => r.name === route)) throw new Error(`unknown route ${route}`);

let apiCalls = 0;
let dynamoRequests = 0;
let rru = 0;
let wru = 0;
let lambdaGbSeconds = 0;
for (const [route, n] of calls) {
  const m = measured(route);
  apiCalls += n;
  dynamoRequests += n * m.requests;
  rru += n * m.rru;
  wru += n * m.wru;
  const warmMs = WARM_BASE_MS + MS_PER_DYNAMO_REQUEST * m.requests;
  lambdaGbSeconds += (n * (warmMs + COLD_SHARE * COLD_INIT_MS) * API_MEMORY_GB) / 1000;
}
const exports = (calls.get('create-attendance-export') ?? 0) + (calls.get('create-leave-register-export') ?? 0);
// Conservatively, every export covers the whole company's month.
const exportGbSeconds = exports * EXPORT_WORKER_GB * EXPORT_WORKER_S_PER_1000 * (EMPLOYEES / 1000);
// The worker reads the month from DynamoDB: ~21 items of ~0.5 KB per employee, eventually consistent Query.
rru += exports * ((EMPLOYEES * 21 * 0.5) / 4) * 0.5;

const pageViews = apiCalls / 3;
const storedGb = (EMPLOYEES * STORED_KB_PER_EMPLOYEE_MONTH * MONTHS_KEPT) / 1024 / 1024;
/** Backups: 35 daily (warm) + 3 monthly warm + 57 monthly cold, each a full copy of the table. */
const backupWarmGb = storedGb * (35 + 3);
const backupColdGb = storedGb * 57;
const logsGb = (apiCalls * LOG_BYTES_PER_CALL) / 1024 ** 3;
const cdnGb = (apiCalls * API_RESPONSE_KB + pageViews * ASSET_KB_PER_PAGE) / 1024 / 1024;
const cdnRequests = apiCalls + pageViews * ASSET_REQUESTS_PER_PAGE;
const mau = EMPLOYEES + admins;
const WAF_RULES = 3 + 2; // three managed rule groups, the sign-in rate rule and the body-size rule (lib/constructs/web-acl.ts)

interface Line {
  service: string;
  usage: string;
  usd: number;
}
const lines: Line[] = [
  {
    service: 'Lambda (API, arm64)',
    usage: `${fmt(apiCalls)} invocations, ${fmt(lambdaGbSeconds)} GB-s`,
    usd: (apiCalls / 1e6) * PRICE.lambdaPerMillionRequests + lambdaGbSeconds * PRICE.lambdaArmGbSecond,
  },
  {
    service: 'Lambda (export worker)',
    usage: `${fmt(exports)} runs, ${fmt(exportGbSeconds)} GB-s`,
    usd: (exports / 1e6) * PRICE.lambdaPerMillionRequests + exportGbSeconds * PRICE.lambdaArmGbSecond,
  },
  {
    service: 'API Gateway HTTP API',
    usage: `${fmt(apiCalls)} requests`,
    usd: (apiCalls / 1e6) * PRICE.httpApiPerMillion,
  },
  {
    service: 'DynamoDB on-demand requests',
    usage: `${fmt(dynamoRequests)} requests = ${fmt(rru)} RRU + ${fmt(wru)} WRU`,
    usd: (rru / 1e6) * PRICE.dynamoPerMillionRru + (wru / 1e6) * PRICE.dynamoPerMillionWru,
  },
  {
    service: 'DynamoDB storage + PITR',
    usage: `${storedGb.toFixed(2)} GB (5 years kept)`,
    usd: storedGb * (PRICE.dynamoStorageGbMonth + PRICE.dynamoPitrGbMonth),
  },
  {
    service: 'AWS Backup (DynamoDB)',
    usage: `${backupWarmGb.toFixed(1)} GB warm, ${backupColdGb.toFixed(1)} GB cold`,
    usd: backupWarmGb * PRICE.backupWarmGbMonth + backupColdGb * PRICE.backupColdGbMonth,
  },
  {
    service: 'S3 (exports, SPA origin)',
    usage: `${fmt(exports)} PUT, ${fmt(exports * 3)} GET, <1 GB`,
    usd:
      (exports / 1000) * PRICE.s3PutPerThousand +
      ((exports * 3) / 1000) * PRICE.s3GetPerThousand +
      PRICE.s3StorageGbMonth,
  },
  {
    service: 'CloudFront',
    usage: `${fmt(cdnRequests)} HTTPS requests, ${cdnGb.toFixed(1)} GB out`,
    usd: (cdnRequests / 1e4) * PRICE.cloudFrontPer10kHttps + cdnGb * PRICE.cloudFrontGb,
  },
  { service: 'WAF (requests)', usage: `${fmt(cdnRequests)} requests`, usd: (cdnRequests / 1e6) * PRICE.wafPerMillion },
  { service: 'Cognito (Plus plan)', usage: `${fmt(mau)} MAU`, usd: mau * PRICE.cognitoPlusMau },
  {
    service: 'CloudWatch Logs',
    usage: `${logsGb.toFixed(2)} GB ingested`,
    usd: logsGb * (PRICE.logsIngestGb + PRICE.logsStoreGbMonth * 6),
  },
];
const fixed: Line[] = [
  {
    service: 'WAF web ACL and rules',
    usage: `1 ACL, ${WAF_RULES} rules`,
    usd: PRICE.wafWebAclMonth + WAF_RULES * PRICE.wafRuleMonth,
  },
  { service: 'Secrets Manager', usage: '1 secret (origin verify)', usd: PRICE.secretMonth },
  { service: 'KMS', usage: '1 key (backup vault)', usd: PRICE.kmsKeyMonth },
];

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e4 ? `${(n / 1e3).toFixed(0)} k` : n.toFixed(n < 10 ? 1 : 0);
}

const variable = lines.reduce((a, l) => a + l.usd, 0);
const fixedTotal = fixed.reduce((a, l) => a + l.usd, 0);
const row = (l: Line) =>
  console.log(`${l.service.padEnd(30)} ${l.usage.padEnd(52)} ${('$' + l.usd.toFixed(2)).padStart(9)}`);

console.log(
  `\nAWS cost model — ap-northeast-1 list prices (2025), monthly, ${EMPLOYEES.toLocaleString('en')} employees and ${admins} admins`,
);
console.log(
  `Usage: per employee ${WORK_DAYS} working days × (1 sign-in, 2 punches, 2 punch-screen views), monthly attendance/request/status views and ` +
    `~2.7 requests (each decided by an admin); per admin ${WORK_DAYS} days × ~10 page views (lists, month tables, work status) and ` +
    `monthly CSV + register exports. DynamoDB units and requests per call measured (test/bench/request-counts.ts); Lambda billed ` +
    `${WARM_BASE_MS} ms + ${MS_PER_DYNAMO_REQUEST} ms per DynamoDB request at 256 MB, plus ${COLD_INIT_MS} ms INIT on ${COLD_SHARE * 100}% of calls.\n`,
);
console.log(`${'service'.padEnd(30)} ${'usage'.padEnd(52)} ${'USD'.padStart(9)}`);
lines.forEach(row);
console.log(`${'per 1,000 employees'.padEnd(83)} ${('$' + ((variable * 1000) / EMPLOYEES).toFixed(2)).padStart(9)}`);
console.log('\nfixed per deployment (any number of companies):');
fixed.forEach(row);
console.log(`${'fixed'.padEnd(83)} ${('$' + fixedTotal.toFixed(2)).padStart(9)}`);
console.log(
  `\n${`total for one deployment with ${EMPLOYEES.toLocaleString('en')} employees`.padEnd(83)} ${('$' + (variable + fixedTotal).toFixed(2)).padStart(9)}`,
);
const perEmployee = variable / EMPLOYEES;
console.log(
  `per employee and month: $${perEmployee.toFixed(4)} (Cognito Plus alone $${PRICE.cognitoPlusMau.toFixed(3)}; on Essentials the total would be ` +
    `$${(perEmployee - PRICE.cognitoPlusMau + PRICE.cognitoEssentialsMau).toFixed(4)}, on Lite $${(perEmployee - PRICE.cognitoPlusMau + PRICE.cognitoLiteMau).toFixed(4)})`,
);
console.log(
  `API calls per employee and month: ${(apiCalls / EMPLOYEES).toFixed(0)}; DynamoDB requests per API call: ${(dynamoRequests / apiCalls).toFixed(2)}`,
);
