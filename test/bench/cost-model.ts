/**
 * AWS cost model (issue 9 §5, issue 19 §6): the monthly AWS bill per 1,000 employees, from the
 * DynamoDB requests and capacity units measured per route (test/bench/request-counts.ts) and AWS
 * list prices for ap-northeast-1 (Tokyo). Prints the usage model, a table per service, the total
 * and the total without Cognito per 1,000 employees; exits 1 when the latter is over its budget
 * (COST_BUDGET_EXCL_COGNITO, issue 19: ≤ $4 per 1,000 employees a month).
 *
 *   npx tsx test/bench/cost-model.ts [--employees 1000] [--fresh]
 *
 * `--fresh` re-measures the request counts (else the JSON of the last request-count run is used, or
 * measured once if there is none).
 *
 * PRICES: on-demand list prices in USD, without free tiers (the free tiers are per account, not per
 * 1,000 employees; they would make a small deployment cheaper still) and without tax. Each constant
 * names the AWS pricing page it belongs to and what was found when the prices were re-checked on
 * 2026-11-24. This machine has no internet access: the check read the stored copies of public pages
 * available to it (the `search` tool), which often show only the US East (N. Virginia) rate or a
 * third-party transcription of AWS's page. Where the Tokyo rate was not on a stored page, the comment
 * says which region's figure was found, and the Tokyo figure kept is the one from the previous check
 * (2025-06) — RE-CHECK those against the live pages (aws.amazon.com/<service>/pricing, region Asia
 * Pacific (Tokyo)) before quoting a figure in a contract.
 */
import { ROUTES } from '../../functions/routes';
import { DEFAULT_COGNITO_PLAN } from '../../lib/constructs/kintai-user-pool';
import { TABLE_EXPORTS } from '../../lib/constructs/table-backup';
import type { RouteCount } from '../support/request-counts';
import { requestCounts } from './request-counts';

const args = process.argv.slice(2);
const EMPLOYEES = Number(args[args.indexOf('--employees') + 1] || 0) || 1000;

/** Issue 19: the bill without Cognito, per 1,000 employees a month, must not exceed this. */
export const COST_BUDGET_EXCL_COGNITO = 4;

// ---- prices (USD) ----------------------------------------------------------------------------------
// "found" = what the stored page showed on 2026-11-24; "Tokyo" = the rate used here.

const PRICE = {
  /** https://aws.amazon.com/lambda/pricing/ — Tokyo, Arm: $0.0000133334 per GB-second (first 7.5 bn GB-s/month). Found: no stored copy with the Tokyo table; kept from 2025-06, re-check. */
  lambdaArmGbSecond: 0.0000133334,
  /** https://aws.amazon.com/lambda/pricing/ — $0.20 per 1M requests (same in every commercial region). Kept from 2025-06, re-check. */
  lambdaPerMillionRequests: 0.2,
  /** https://aws.amazon.com/api-gateway/pricing/ — Tokyo, HTTP APIs: $1.29 per million (first 300 M/month, 512 KB units). Kept from 2025-06, re-check. */
  httpApiPerMillion: 1.29,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo, Standard table class: $0.715 per million write request units (after the 2024-11-01 reduction). The stored copy of the page (read 2026-11-24) did not show the rate table; re-check. */
  dynamoPerMillionWru: 0.715,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo: $0.1425 per million read request units. Same page, same caveat. */
  dynamoPerMillionRru: 0.1425,
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Tokyo, data storage: $0.285 per GB-month (after 25 GB free). Same page, same caveat. */
  dynamoStorageGbMonth: 0.285,
  /**
   * https://aws.amazon.com/dynamodb/pricing/on-demand/ — continuous backups (PITR), per GB-month of table size.
   * Found 2026-11-24: US East $0.20 (https://finops.com.py/services/dynamodb/backups, quoting the AWS page).
   * Tokyo $0.228 (2025-06 figure, ×1.14 like the other Tokyo DynamoDB rates); re-check.
   */
  dynamoPitrGbMonth: 0.228,
  /**
   * https://aws.amazon.com/dynamodb/pricing/on-demand/ — export to Amazon S3 (full export), per GB of table size.
   * Found 2026-11-24: no stored page gave the rate (the AWS blog
   * https://aws.amazon.com/blogs/database/introducing-incremental-export-from-amazon-dynamodb-to-amazon-s3/ describes
   * the feature only). US East list rate $0.10; Tokyo $0.114 assumed (×1.14 as storage and PITR); re-check.
   */
  dynamoExportGb: 0.114,
  /** https://aws.amazon.com/backup/pricing/ — Tokyo, DynamoDB backup warm storage: $0.114 per GB-month. For the comparison only (kept from 2025-06). */
  backupWarmGbMonth: 0.114,
  /** https://aws.amazon.com/backup/pricing/ — Tokyo, DynamoDB backup cold storage: $0.0342 per GB-month (90 days minimum). For the comparison only (kept from 2025-06). */
  backupColdGbMonth: 0.0342,
  /** https://aws.amazon.com/s3/pricing/ — Tokyo, S3 Standard: $0.025 per GB-month (first 50 TB). Found 2026-11-24: Tokyo $0.025 (https://abicky.net/2022/02/13/184039, quoting the AWS page). */
  s3StorageGbMonth: 0.025,
  /**
   * https://aws.amazon.com/s3/pricing/ — S3 Glacier Deep Archive storage. Found 2026-11-24: US East $0.00099 per
   * GB-month, Standard restore within 12 h ($0.02/GB), Bulk within 48 h ($0.0025/GB), 180 days minimum, 40 KB
   * metadata per object (https://www.usage.ai/blogs/aws/storage-cost/glacier-deep-archive-pricing/, "US East, May
   * 2026"). Tokyo $0.002 (2025 list figure); re-check.
   */
  s3DeepArchiveGbMonth: 0.002,
  /** https://aws.amazon.com/s3/pricing/ — S3 Glacier Flexible Retrieval storage, for the comparison. Found 2026-11-24: US East $0.0036 (same page as above; restores 3–5 h, Bulk 5–12 h free; 90 days minimum). Tokyo $0.0045 (2025 list figure); re-check. */
  s3GlacierFlexibleGbMonth: 0.0045,
  /** https://aws.amazon.com/s3/pricing/ — lifecycle transition to Deep Archive per 1,000 objects. Found 2026-11-24: US East $0.05 (https://awsnegotiations.com/glacier-vs-glacier-deep-archive.html). Tokyo assumed $0.07 (conservative); re-check. */
  s3DeepArchiveTransitionPerThousand: 0.07,
  /** https://aws.amazon.com/s3/pricing/ — Tokyo: PUT/COPY/POST/LIST $0.0047 per 1,000 requests. Kept from 2025-06, re-check. */
  s3PutPerThousand: 0.0047,
  /** https://aws.amazon.com/s3/pricing/ — Tokyo: GET/SELECT $0.00037 per 1,000 requests. Kept from 2025-06, re-check. */
  s3GetPerThousand: 0.00037,
  /**
   * https://aws.amazon.com/eventbridge/pricing/ — EventBridge Scheduler: 14 million invocations a month free, then
   * $1.00 per million. Found 2026-11-24: "~14M/month free; low per-million rate"
   * (https://awsnegotiations.com/eventbridge-scheduler-cost); the per-million rate is the 2025 figure, re-check.
   */
  schedulerPerMillion: 1,
  /** https://aws.amazon.com/cloudfront/pricing/ — Japan edge, data transfer out: $0.114 per GB (first 10 TB). Kept from 2025-06, re-check. */
  cloudFrontGb: 0.114,
  /** https://aws.amazon.com/cloudfront/pricing/ — Japan edge, HTTPS requests: $0.0120 per 10,000. Kept from 2025-06, re-check. */
  cloudFrontPer10kHttps: 0.012,
  /**
   * https://aws.amazon.com/cognito/pricing/ — user pool feature plans, per MAU (no regional split on the page).
   * Found 2026-11-24 (transcription of the AWS page read 2026-09-20,
   * https://raw.githubusercontent.com/api-evangelist/amazon-cognito/refs/heads/main/plans/amazon-cognito-plans-pricing.yml):
   * Plus $0.020, no free tier; Essentials $0.015 above 10,000 free MAU per account; Lite $0.0055 above 10,000
   * free (falling to $0.0046 at volume). Pools created before 2024-11-22 may keep the older 50,000-MAU free tier
   * (https://aws.amazon.com/jp/cognito/pricing/).
   */
  cognitoMau: { plus: 0.02, essentials: 0.015, lite: 0.0055 },
  /** https://aws.amazon.com/waf/pricing/ — $5.00 per web ACL per month. Kept from 2025-06, re-check. */
  wafWebAclMonth: 5,
  /** https://aws.amazon.com/waf/pricing/ — $1.00 per rule (or managed rule group) per month. Kept from 2025-06, re-check. */
  wafRuleMonth: 1,
  /** https://aws.amazon.com/waf/pricing/ — $0.60 per million requests inspected. Kept from 2025-06, re-check. */
  wafPerMillion: 0.6,
  /** https://aws.amazon.com/secrets-manager/pricing/ — $0.40 per secret per month. Kept from 2025-06, re-check. */
  secretMonth: 0.4,
  /** https://aws.amazon.com/cloudwatch/pricing/ — Tokyo, Logs ingestion (Standard): $0.76 per GB. Kept from 2025-06, re-check. */
  logsIngestGb: 0.76,
  /** https://aws.amazon.com/cloudwatch/pricing/ — Tokyo, Logs storage: $0.033 per GB-month. Kept from 2025-06, re-check. */
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
/**
 * Backups (lib/constructs/table-backup.ts): PITR on the table (35 days) and one full export a month,
 * kept ~61 months (lock + expiry) in Glacier Deep Archive. Conservatively the export is priced on
 * the table with its GSIs and stored uncompressed (exports are gzipped and hold the base table only).
 */
const exportCopies = Math.ceil((TABLE_EXPORTS.expireAfterDays + TABLE_EXPORTS.archiveAfterDays) / 30.4);
const archiveGb = storedGb * exportCopies;
/** An export writes data files (one per ~100 MB here, at least one) plus a few small manifests. */
const EXPORT_MANIFESTS = 4;
const exportDataFiles = Math.max(1, Math.ceil((storedGb * 1024) / 100));
const archivedObjects = exportDataFiles * exportCopies;
/** Deep Archive bills 32 KB of each archived object at its own rate and 8 KB in S3 Standard. */
const archiveOverheadUsd =
  ((archivedObjects * 32) / 1024 / 1024) * PRICE.s3DeepArchiveGbMonth +
  ((archivedObjects * 8 + EXPORT_MANIFESTS * exportCopies * 8) / 1024 / 1024) * PRICE.s3StorageGbMonth;
/** The design it replaces (AWS Backup: 35 daily warm + 3 monthly warm + 57 monthly cold copies), for comparison. */
const oldBackupUsd = storedGb * (35 + 3) * PRICE.backupWarmGbMonth + storedGb * 57 * PRICE.backupColdGbMonth;
/** The same 61 monthly copies in other places. */
const archiveAlternatives = {
  'S3 Glacier Deep Archive (chosen)': archiveGb * PRICE.s3DeepArchiveGbMonth,
  'S3 Glacier Flexible Retrieval': archiveGb * PRICE.s3GlacierFlexibleGbMonth,
  'AWS Backup cold storage (after 90 days warm)':
    storedGb * (3 * PRICE.backupWarmGbMonth + (exportCopies - 3) * PRICE.backupColdGbMonth),
};
const logsGb = (apiCalls * LOG_BYTES_PER_CALL) / 1024 ** 3;
const cdnGb = (apiCalls * API_RESPONSE_KB + pageViews * ASSET_KB_PER_PAGE) / 1024 / 1024;
const cdnRequests = apiCalls + pageViews * ASSET_REQUESTS_PER_PAGE;
const mau = EMPLOYEES + admins;
const WAF_RULES = 3 + 2; // three managed rule groups, the sign-in rate rule and the body-size rule (lib/constructs/web-acl.ts)

interface Line {
  service: string;
  usage: string;
  usd: number;
  /** The Cognito line: a deployment choice, outside the budget. */
  cognito?: boolean;
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
    service: 'DynamoDB storage',
    usage: `${storedGb.toFixed(2)} GB (5 years kept, no TTL on records)`,
    usd: storedGb * PRICE.dynamoStorageGbMonth,
  },
  {
    service: 'DynamoDB PITR (35 days)',
    usage: `${storedGb.toFixed(2)} GB table size`,
    usd: storedGb * PRICE.dynamoPitrGbMonth,
  },
  {
    service: 'DynamoDB export to S3',
    usage: `1 full export a month, ${storedGb.toFixed(2)} GB`,
    usd: storedGb * PRICE.dynamoExportGb,
  },
  {
    service: 'S3 Glacier Deep Archive',
    usage: `${exportCopies} monthly copies, ${archiveGb.toFixed(0)} GB, ${fmt(archivedObjects)} objects`,
    usd: archiveGb * PRICE.s3DeepArchiveGbMonth + archiveOverheadUsd,
  },
  {
    service: 'S3 export writes + transitions',
    usage: `${exportDataFiles + EXPORT_MANIFESTS} PUT, ${exportDataFiles} transitions a month`,
    usd:
      ((exportDataFiles + EXPORT_MANIFESTS) / 1000) * PRICE.s3PutPerThousand +
      (exportDataFiles / 1000) * PRICE.s3DeepArchiveTransitionPerThousand,
  },
  {
    service: 'EventBridge Scheduler',
    usage: '1 invocation a month',
    usd: (1 / 1e6) * PRICE.schedulerPerMillion,
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
  {
    service: `Cognito (${DEFAULT_COGNITO_PLAN} plan)`,
    usage: `${fmt(mau)} MAU`,
    usd: mau * PRICE.cognitoMau[DEFAULT_COGNITO_PLAN],
    cognito: true,
  },
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
];

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e4 ? `${(n / 1e3).toFixed(0)} k` : n.toFixed(n < 10 ? 1 : 0);
}

const variable = lines.reduce((a, l) => a + l.usd, 0);
const cognitoUsd = lines.filter((l) => l.cognito).reduce((a, l) => a + l.usd, 0);
const fixedTotal = fixed.reduce((a, l) => a + l.usd, 0);
const per1000 = (usd: number) => (usd * 1000) / EMPLOYEES;
const money = (usd: number) => ('$' + usd.toFixed(2)).padStart(9);
const row = (l: Line) => console.log(`${l.service.padEnd(30)} ${l.usage.padEnd(52)} ${money(l.usd)}`);

console.log(
  `\nAWS cost model — ap-northeast-1 list prices (re-checked 2026-11-24, see the comments), monthly, ${EMPLOYEES.toLocaleString('en')} employees and ${admins} admins`,
);
console.log(
  `Usage: per employee ${WORK_DAYS} working days × (1 sign-in, 2 punches, 2 punch-screen views), monthly attendance/request/status views and ` +
    `~2.7 requests (each decided by an admin); per admin ${WORK_DAYS} days × ~10 page views (lists, month tables, work status) and ` +
    `monthly CSV + register exports. DynamoDB units and requests per call measured (test/bench/request-counts.ts); Lambda billed ` +
    `${WARM_BASE_MS} ms + ${MS_PER_DYNAMO_REQUEST} ms per DynamoDB request at 256 MB, plus ${COLD_INIT_MS} ms INIT on ${COLD_SHARE * 100}% of calls.\n`,
);
console.log(`${'service'.padEnd(30)} ${'usage'.padEnd(52)} ${'USD'.padStart(9)}`);
lines.forEach(row);
console.log('\nfixed per deployment (any number of companies):');
fixed.forEach(row);
console.log(`${'fixed'.padEnd(83)} ${money(fixedTotal)}`);
console.log(
  `\n${`total for one deployment with ${EMPLOYEES.toLocaleString('en')} employees`.padEnd(83)} ${money(variable + fixedTotal)}`,
);

console.log('\nlong-term copies, the same monthly exports kept elsewhere (per month, this deployment):');
for (const [place, usd] of Object.entries(archiveAlternatives)) console.log(`  ${place.padEnd(81)} ${money(usd)}`);
console.log(
  `  ${'the AWS Backup plan this replaces (35 daily + 60 monthly full copies)'.padEnd(81)} ${money(oldBackupUsd)}`,
);

console.log('\nCognito by feature plan (-c cognitoPlan=…; README "Cognito feature plan"):');
for (const [plan, price] of Object.entries(PRICE.cognitoMau))
  console.log(`  ${`${plan}: $${price} per MAU`.padEnd(81)} ${money(per1000(mau * price))}`);

const excl = per1000(variable - cognitoUsd);
const ok = excl <= COST_BUDGET_EXCL_COGNITO;
console.log(`\nper 1,000 employees a month:`);
console.log(`  ${`total (Cognito on ${DEFAULT_COGNITO_PLAN})`.padEnd(81)} ${money(per1000(variable))}`);
console.log(
  `  ${`excluding Cognito — budget ≤ $${COST_BUDGET_EXCL_COGNITO.toFixed(2)}: ${ok ? 'within' : 'OVER BUDGET'}`.padEnd(81)} ${money(excl)}`,
);
console.log(
  `API calls per employee and month: ${(apiCalls / EMPLOYEES).toFixed(0)}; DynamoDB requests per API call: ${(dynamoRequests / apiCalls).toFixed(2)}`,
);
process.exitCode = ok ? 0 : 1;
