import { Aws, CfnElement, Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { PrivateBucket } from './private-bucket';

/** Five calendar years from any start date, leap days included (労働基準法109条, 143条). */
const FIVE_YEARS_DAYS = 5 * 365 + 2;

/**
 * Long-term copies of the table (労働基準法109条: attendance records are kept five years).
 *
 * The table itself keeps every record (TTL only removes sessions, idempotency keys, rate-limit
 * counters and job status items: functions/db/entities), and its point-in-time recovery covers
 * the last 35 days to the second. What PITR cannot cover — a table deleted, or a bug noticed
 * months later — is covered by a **full export of the table to S3 on the 1st of every month**
 * (DynamoDB ExportTableToPointInTime, started by an EventBridge Scheduler universal target: no
 * Lambda), kept for five years and a month:
 *
 * - the bucket has Object Lock with a GOVERNANCE default retention of `lockDays`: nobody deletes
 *   or overwrites an export before then without `s3:BypassGovernanceRetention` (no role of this app
 *   has it). COMPLIANCE mode would bind even the root user and cannot be shortened — a mistaken
 *   export (or one holding data a court orders removed) would then be kept, and billed, for five
 *   years; a company that needs WORM in the strict sense switches the mode, knowing that.
 * - data files move to S3 Glacier Deep Archive the day after the export (the cheapest class that
 *   still restores within 12 hours; see test/bench/cost-model.ts for the comparison with Glacier
 *   Flexible Retrieval and AWS Backup cold storage), while the small manifests (under 128 KB) stay
 *   in S3 Standard so that an export can be found and checked without a restore;
 * - everything expires the day after its lock ends.
 *
 * A record last changed in month M is in the export of M+1, which outlives the record's own
 * five-year duty by a month.
 */
export const TABLE_EXPORTS = {
  /** Cron fields in Asia/Tokyo: 03:00 JST on the 1st (after month-end closing, before office hours). */
  hourJst: 3,
  dayOfMonth: 1,
  timeZone: 'Asia/Tokyo',
  /** Key prefix of the exports; the scheduled time (ISO, UTC) is appended per export. */
  prefix: 'monthly/',
  lockDays: FIVE_YEARS_DAYS + 31,
  archiveAfterDays: 1,
  archiveStorageClass: 'DEEP_ARCHIVE',
  /** Objects under 128 KB (the export's manifests) are not transitioned and stay in S3 Standard. */
  transitionMinimumObjectSize: 'all_storage_classes_128K',
  expireAfterDays: FIVE_YEARS_DAYS + 31 + 1,
  /** A failed call (e.g. throttled) is retried for up to 6 hours. */
  retryAttempts: 20,
  maxEventAgeHours: 6,
} as const;

/** What the schedule's role may do: start an export of this table, and nothing else. */
export const EXPORT_ACTIONS = {
  table: ['dynamodb:ExportTableToPointInTime'],
  /** The export writes its files with the caller's permissions (DynamoDB developer guide, S3DataExport_Requesting). */
  objects: ['s3:AbortMultipartUpload', 's3:PutObject', 's3:PutObjectAcl'],
} as const;

export interface TableBackupProps {
  /** e.g. `kintai-dev`: names the schedule. */
  readonly namePrefix: string;
  readonly table: dynamodb.ITable;
  /** Server access logs of the export bucket. */
  readonly logBucket: s3.IBucket;
}

/** Monthly full exports of the table into an Object-Locked, archived bucket (see TABLE_EXPORTS). */
export class TableBackup extends Construct {
  readonly bucket: PrivateBucket;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: TableBackupProps) {
    super(scope, id);
    const c = TABLE_EXPORTS;

    this.bucket = new PrivateBucket(this, 'Bucket', {
      accessLogs: { bucket: props.logBucket, prefix: 's3/table-exports/' },
      objectLockDefaultRetention: s3.ObjectLockRetention.governance(Duration.days(c.lockDays)),
      // Stated rather than left to S3's default: the manifests must stay readable without a restore.
      transitionDefaultMinimumObjectSize: s3.TransitionDefaultMinimumObjectSize.ALL_STORAGE_CLASSES_128_K,
      lifecycleRules: [
        {
          id: 'archive',
          prefix: c.prefix,
          transitions: [
            { storageClass: s3.StorageClass.DEEP_ARCHIVE, transitionAfter: Duration.days(c.archiveAfterDays) },
          ],
        },
        {
          // The current version gets a delete marker once its lock has run out; the locked version
          // it hides is removed the next day (lifecycle never removes a version still locked).
          id: 'expire-after-retention',
          prefix: c.prefix,
          expiration: Duration.days(c.expireAfterDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'remove-expired-delete-markers', expiredObjectDeleteMarker: true },
      ],
    });

    const scheduleName = `${props.namePrefix}-table-export`;
    // Only EventBridge Scheduler, for this one schedule of this account, may assume the role.
    const role = new iam.Role(this, 'ScheduleRole', {
      description: `${props.namePrefix}: starts the monthly table export, nothing else`,
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: {
            'aws:SourceAccount': Aws.ACCOUNT_ID,
            'aws:SourceArn': Stack.of(this).formatArn({
              service: 'scheduler',
              resource: 'schedule',
              resourceName: `default/${scheduleName}`,
            }),
          },
        },
      }),
    });

    const target = new targets.Universal({
      role,
      service: 'dynamodb',
      action: 'exportTableToPointInTime',
      input: scheduler.ScheduleTargetInput.fromObject({
        TableArn: props.table.tableArn,
        S3Bucket: this.bucket.bucketName,
        S3BucketOwner: Aws.ACCOUNT_ID,
        S3Prefix: `${c.prefix}${scheduler.ContextAttribute.scheduledTime}`,
        S3SseAlgorithm: 'AES256',
        ExportFormat: 'DYNAMODB_JSON',
        ExportType: 'FULL_EXPORT',
        // Same for every retry of one month's run (the execution id is not): a retry after a
        // lost response does not start a second export.
        ClientToken: scheduler.ContextAttribute.scheduledTime,
      }),
      retryAttempts: c.retryAttempts,
      maxEventAge: Duration.hours(c.maxEventAgeHours),
      policyStatements: [
        new iam.PolicyStatement({ actions: [...EXPORT_ACTIONS.table], resources: [props.table.tableArn] }),
        new iam.PolicyStatement({
          actions: [...EXPORT_ACTIONS.objects],
          resources: [this.bucket.arnForObjects(`${c.prefix}*`)],
        }),
      ],
    });

    this.schedule = new scheduler.Schedule(this, 'MonthlyExport', {
      scheduleName,
      description: `${props.namePrefix}: full export of the table to S3 on the 1st of each month (労基法109条)`,
      schedule: scheduler.ScheduleExpression.cron({
        minute: '0',
        hour: String(c.hourJst),
        day: String(c.dayOfMonth),
        timeZone: TimeZone.of(c.timeZone),
      }),
      target,
    });

    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>/${c.prefix}*]`,
      reason:
        'A table export writes a set of files whose names DynamoDB chooses (an export id, then data/ and manifests) ' +
        'under the prefix it is given, so the schedule role may write objects under monthly/ of this one bucket only.',
    });
  }
}
