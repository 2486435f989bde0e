import { Duration, RemovalPolicy, TimeZone, Validations } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/**
 * Retention of the table's recovery points. 労働基準法109条 (with 143条's transition) requires
 * attendance records to be kept for five years; the table itself keeps them (nothing deletes
 * attendance items), and these backups make that survive a bad deploy, a bug or a deleted table:
 *
 * - daily, kept 35 days: recent mistakes, next to the table's own 35-day point-in-time recovery;
 * - monthly, kept 5 years and 2 days (leap years included), moved to cold storage after 90 days
 *   (cold storage needs at least 90 days there; restores of old months are rare and may be slow).
 *
 * Every month's copy is kept for the full period, so the last state of any record reaches a
 * monthly recovery point that outlives its own five-year duty.
 */
export const BACKUP_RULES = {
  daily: { ruleName: 'daily', hourJst: 3, deleteAfterDays: 35 },
  monthly: {
    ruleName: 'monthly',
    hourJst: 4,
    dayOfMonth: 1,
    moveToColdStorageAfterDays: 90,
    deleteAfterDays: 5 * 365 + 2,
  },
} as const;

export const BACKUP_TIME_ZONE = 'Asia/Tokyo';

export interface TableBackupProps {
  /** e.g. `kintai-dev`: names the vault, the plan and the key alias. */
  readonly namePrefix: string;
  readonly table: dynamodb.ITable;
}

/**
 * AWS Backup plan and vault for the table, encrypted with a customer-managed key.
 *
 * Cold storage and the vault's key apply to DynamoDB only with AWS Backup's "advanced DynamoDB
 * backup" features, an account-and-region setting CloudFormation cannot set: enable it once with
 * `aws backup update-region-settings --resource-type-management-preference DynamoDB=true`.
 */
export class TableBackup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: TableBackupProps) {
    super(scope, id);

    this.key = new kms.Key(this, 'Key', {
      alias: `alias/${props.namePrefix}-backup`,
      description: `${props.namePrefix}: AWS Backup vault key (attendance records, 5-year retention)`,
      enableKeyRotation: true,
      // Losing the key loses every recovery point it protects.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: `${props.namePrefix}-table`,
      encryptionKey: this.key,
      removalPolicy: RemovalPolicy.RETAIN,
      // Nobody deletes a recovery point by hand; AWS Backup's own lifecycle still expires them.
      blockRecoveryPointDeletion: true,
      // Governance-mode lock: no rule can store a shorter-lived point, and ordinary principals cannot
      // shorten retention. (Compliance mode would be irreversible; that is the company's call.)
      lockConfiguration: { minRetention: Duration.days(BACKUP_RULES.daily.deleteAfterDays) },
    });

    const timeZone = TimeZone.of(BACKUP_TIME_ZONE);
    const { daily, monthly } = BACKUP_RULES;
    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `${props.namePrefix}-table`,
      backupVault: this.vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: daily.ruleName,
          scheduleExpression: events.Schedule.cron({ minute: '0', hour: String(daily.hourJst) }),
          scheduleExpressionTimezone: timeZone,
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
          deleteAfter: Duration.days(daily.deleteAfterDays),
        }),
        new backup.BackupPlanRule({
          ruleName: monthly.ruleName,
          scheduleExpression: events.Schedule.cron({
            minute: '0',
            hour: String(monthly.hourJst),
            day: String(monthly.dayOfMonth),
          }),
          scheduleExpressionTimezone: timeZone,
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
          moveToColdStorageAfter: Duration.days(monthly.moveToColdStorageAfterDays),
          deleteAfter: Duration.days(monthly.deleteAfterDays),
        }),
      ],
    });

    const selection = this.plan.addSelection('Table', {
      backupSelectionName: 'table',
      resources: [backup.BackupResource.fromDynamoDbTable(props.table)],
      allowRestores: false,
    });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason:
        'The role AWS Backup assumes to back up the table uses the AWS-maintained service-role policy, which tracks ' +
        'what each resource type needs (DynamoDB native and advanced backups); only AWS Backup can assume it.',
    });
  }
}
