/**
 * The table and the exports bucket, as the CDK stack, the local stack and the handlers all see them:
 * what runs offline is created from the same shapes as what is deployed. Plain data, no CDK import
 * (handlers bundle this module).
 */

/** Single-table design: generic key attributes, overloaded by ElectroDB entities. */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Time-to-live attribute (epoch seconds): sessions and rate-limit counters expire by themselves. */
  ttlAttribute: 'expires_at',
  globalIndexes: [
    // gsi1: secondary access pattern of each entity (e.g. a company's requests by month).
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // gsi2: a third access pattern where one is needed (e.g. user sessions by user, e-mail lookup).
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

/**
 * Partition-key prefixes of the items a route that otherwise only reads may still write: sessions
 * (`session#<id>`, functions/db/entities/session.ts), rate-limit counters (`rate#<bucket>`,
 * rate-limit.ts), password-reset codes (`reset#<account hash>`, password-reset.ts) and 勤怠状況's
 * derived digests and 締め処理's checklists (`wsdigest#<companyId>`, work-status-digest.ts and
 * closing-checklist-digest.ts: the work-status and period-closing routes claim a rebuild on them), and the
 * platform's mail outbox (`mailout#platform`, mail-outbox.ts: the public password-reset route stores
 * the code's mail there before sending it). Granted through a `dynamodb:LeadingKeys` condition (`table:sessions` in the route
 * table); least-privilege.infra.test.ts checks the entities still build keys with these prefixes.
 */
export const SESSION_KEY_PREFIXES = ['session#', 'rate#', 'reset#', 'wsdigest#', 'mailout#'] as const;

export const tableName = (stage: string) => `kintai-${stage}`;
export const exportsBucketName = (stage: string, account: string) => `kintai-${stage}-exports-${account}`;

/** CSV exports are short-lived: the object goes after a day, the link after five minutes. */
export const EXPORTS_LIFECYCLE_DAYS = 1;
