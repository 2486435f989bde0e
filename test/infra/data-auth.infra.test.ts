import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_POLICY,
  POOLS,
  TOKEN_VALIDITY,
  clientName,
  cognitoMfaConfiguration,
  poolName,
  type PoolKey,
} from '../../functions/config/pools';
import { EXPORTS_LIFECYCLE_DAYS, TABLE, tableName } from '../../functions/config/table';
import { PITR_DAYS } from '../../lib/constructs/kintai-table';
import { EXPORT_ACTIONS, TABLE_EXPORTS } from '../../lib/constructs/table-backup';
import { STAGE, refId, synthKintai, type Resources } from './synth';

let template: Template;
let resources: Resources;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  ({ template } = synthKintai());
  resources = template.toJSON().Resources;
});

describe('DynamoDB table', () => {
  it('is the single table of functions/config/table.ts, on demand, with TTL and both GSIs', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName(STAGE),
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: TABLE.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('has 35-day point-in-time recovery, deletion protection, encryption and is retained', () => {
    expect(PITR_DAYS).toBe(35);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 35 },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
      },
    });
  });
});

describe('what the table keeps (労働基準法109条: no TTL on records)', () => {
  /**
   * Items DynamoDB may delete by TTL: sign-in state, retry keys, counters, job progress (export,
   * recompute, staff import), password-reset codes, the hashes of issued temporary passwords, the
   * sent-once markers of scheduled mail and the mail outbox (a mail's state, kept 30 days: issue 30 item 12).
   */
  const EPHEMERAL = [
    'exportJob',
    'idempotency',
    'mailNotice',
    'mailOutbox',
    'passwordReset',
    'platformMail',
    'rateLimit',
    'recomputeJob',
    'session',
    'staffImportJob',
    'temporaryPassword',
  ];

  it('puts the TTL attribute only on ephemeral entities, never on attendance, requests, summaries or settings', async () => {
    const dir = path.resolve(import.meta.dirname, '../../functions/db/entities');
    const withTtl: string[] = [];
    const all: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, any>;
      for (const schema of Object.values(module)) {
        if (!schema?.model?.entity || !schema.attributes) continue;
        all.push(schema.model.entity);
        const ttl = Object.entries<any>(schema.attributes).filter(
          ([name, a]) => a.field === TABLE.ttlAttribute || name === TABLE.ttlAttribute,
        );
        if (ttl.length) withTtl.push(schema.model.entity);
      }
    }
    expect(all).toEqual(
      expect.arrayContaining(['attendanceDay', 'request', 'workSummary', 'modification', 'auditEvent']),
    );
    expect(all.length).toBeGreaterThan(25);
    expect(withTtl.sort()).toEqual(EPHEMERAL);
  });
});

describe('Cognito user pools', () => {
  const keys = Object.keys(POOLS) as PoolKey[];

  it('creates one pool per definition, admin-created users only; the operator signs in by e-mail, company users by an id', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', keys.length);
    for (const key of keys) {
      template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: {
          UserPoolName: poolName(STAGE, key),
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
          // Company pools (issue 30 item 3): the username is the product's id, the e-mail a plain
          // attribute that users of several companies may share; no alias, nothing verified by Cognito.
          UsernameAttributes: POOLS[key].signIn === 'email' ? ['email'] : Match.absent(),
          AliasAttributes: Match.absent(),
          AutoVerifiedAttributes: POOLS[key].signIn === 'email' ? ['email'] : Match.absent(),
          UsernameConfiguration: { CaseSensitive: false },
          DeletionProtection: 'ACTIVE',
          UserPoolTier: 'PLUS',
          UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
          MfaConfiguration: cognitoMfaConfiguration(POOLS[key].mfa),
          Policies: {
            PasswordPolicy: {
              MinimumLength: PASSWORD_POLICY.minLength,
              RequireLowercase: PASSWORD_POLICY.requireLowercase,
              RequireUppercase: PASSWORD_POLICY.requireUppercase,
              RequireNumbers: PASSWORD_POLICY.requireDigits,
              RequireSymbols: PASSWORD_POLICY.requireSymbols,
              TemporaryPasswordValidityDays: PASSWORD_POLICY.tempPasswordValidityDays,
            },
          },
        },
      });
    }
  });

  it('gives the operator pool optional TOTP only (never SMS), enforced by the API; the others no MFA', () => {
    // The API refuses an operator session without TOTP (test/integration/operator-mfa.test.ts).
    expect(POOLS.operator.mfa).toBe('totp-enforced-by-api');
    for (const key of ['employee', 'admin', 'operator'] as const) {
      const totp = POOLS[key].mfa === 'totp-enforced-by-api';
      const [, pool] = ofType('AWS::Cognito::UserPool').find(
        ([, r]) => r.Properties.UserPoolName === poolName(STAGE, key),
      )!;
      expect(pool.Properties.MfaConfiguration).toBe(totp ? 'OPTIONAL' : 'OFF');
      if (totp) expect(pool.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
      else expect(pool.Properties.EnabledMfas).toBeUndefined();
    }
  });

  it('keeps token lives short: ID and access tokens 60 minutes, refresh at most a day', () => {
    expect(TOKEN_VALIDITY.idTokenMinutes).toBeLessThanOrEqual(60);
    expect(TOKEN_VALIDITY.accessTokenMinutes).toBeLessThanOrEqual(60);
    expect(TOKEN_VALIDITY.refreshTokenDays).toBeLessThanOrEqual(1);
    for (const [, client] of ofType('AWS::Cognito::UserPoolClient')) {
      const p = client.Properties;
      expect(p.IdTokenValidity).toBeLessThanOrEqual(60);
      expect(p.AccessTokenValidity).toBeLessThanOrEqual(60);
      expect(p.RefreshTokenValidity).toBeLessThanOrEqual(24 * 60);
      expect(p.TokenValidityUnits).toMatchObject({
        IdToken: 'minutes',
        AccessToken: 'minutes',
        RefreshToken: 'minutes',
      });
    }
  });

  it('defines the custom attributes of each pool as immutable', () => {
    for (const key of keys) {
      const [, pool] = ofType('AWS::Cognito::UserPool').find(
        ([, r]) => r.Properties.UserPoolName === poolName(STAGE, key),
      )!;
      const custom = (pool.Properties.Schema ?? []).filter((a: any) => !['email'].includes(a.Name));
      expect(custom.map((a: any) => a.Name).sort()).toEqual([...POOLS[key].customAttributes].sort());
      for (const attribute of custom) expect(attribute).toMatchObject({ AttributeDataType: 'String', Mutable: false });
    }
  });

  it('gives each pool a public web client that can read but never write custom attributes', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', keys.length);
    for (const key of keys) {
      const [, client] = ofType('AWS::Cognito::UserPoolClient').find(
        ([, r]) => r.Properties.ClientName === clientName(STAGE, key),
      )!;
      const [, pool] = ofType('AWS::Cognito::UserPool').find(([id]) => id === refId(client.Properties.UserPoolId))!;
      expect(pool.Properties.UserPoolName).toBe(poolName(STAGE, key));

      const p = client.Properties;
      expect(p.GenerateSecret).toBe(false);
      expect([...p.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
      expect(p.EnableTokenRevocation).toBe(true);
      expect(p.PreventUserExistenceErrors).toBe('ENABLED');
      expect(p.WriteAttributes.filter((a: string) => a.startsWith('custom:'))).toEqual([]);
      for (const name of POOLS[key].customAttributes) expect(p.ReadAttributes).toContain(`custom:${name}`);
      expect(p.IdTokenValidity).toBe(TOKEN_VALIDITY.idTokenMinutes);
      expect(p.AccessTokenValidity).toBe(TOKEN_VALIDITY.accessTokenMinutes);
      expect(p.RefreshTokenValidity).toBe(TOKEN_VALIDITY.refreshTokenDays * 24 * 60);
      expect(p.TokenValidityUnits).toMatchObject({
        IdToken: 'minutes',
        AccessToken: 'minutes',
        RefreshToken: 'minutes',
      });
    }
  });
});

describe('monthly table exports (労働基準法109条: five years)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** Five calendar years from any start date, leap days included. */
  const FIVE_YEARS_DAYS = (Date.UTC(2028, 2, 1) - Date.UTC(2023, 2, 1)) / DAY;
  const only = (type: string) => {
    const found = ofType(type);
    expect(found.length, type).toBe(1);
    return found[0]!;
  };
  /** An Fn::Join of strings and references as one string, each reference written `${logicalId}`. */
  const joined = (value: any): string =>
    typeof value === 'string'
      ? value
      : refId(value)
        ? `\${${refId(value)}}`
        : value['Fn::Join'][1].map(joined).join('');

  it('exports the whole table on the 1st of every month at 03:00 Tokyo time, by the universal target (no Lambda)', () => {
    const [tableId] = only('AWS::DynamoDB::Table');
    const [bucketId] = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.ObjectLockEnabled)!;
    const [, schedule] = only('AWS::Scheduler::Schedule');
    const p = schedule.Properties;
    expect(p.ScheduleExpression).toBe(`cron(0 ${TABLE_EXPORTS.hourJst} ${TABLE_EXPORTS.dayOfMonth} * ? *)`);
    expect(p.ScheduleExpression).toBe('cron(0 3 1 * ? *)');
    expect(p.ScheduleExpressionTimezone).toBe('Asia/Tokyo');
    expect(p.State).toBe('ENABLED');
    expect(p.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
    expect(joined(p.Target.Arn)).toBe('arn:${AWS::Partition}:scheduler:::aws-sdk:dynamodb:exportTableToPointInTime');
    expect(JSON.parse(joined(p.Target.Input))).toEqual({
      TableArn: `\${${tableId}}`,
      S3Bucket: `\${${bucketId}}`,
      S3BucketOwner: '${AWS::AccountId}',
      S3Prefix: 'monthly/<aws.scheduler.scheduled-time>',
      S3SseAlgorithm: 'AES256',
      ExportFormat: 'DYNAMODB_JSON',
      ExportType: 'FULL_EXPORT',
      // Retries of one month's run share it; a second export is not started.
      ClientToken: '<aws.scheduler.scheduled-time>',
    });
    expect(p.Target.RetryPolicy).toEqual({
      MaximumRetryAttempts: TABLE_EXPORTS.retryAttempts,
      MaximumEventAgeInSeconds: TABLE_EXPORTS.maxEventAgeHours * 3600,
    });
    // Nothing else runs the export: no function, no AWS Backup plan, vault or key any more.
    for (const type of ['AWS::Backup::BackupPlan', 'AWS::Backup::BackupVault', 'AWS::Backup::BackupSelection'])
      expect(ofType(type), type).toEqual([]);
    expect(ofType('AWS::KMS::Key')).toEqual([]);
  });

  it('gives the schedule a role that only EventBridge Scheduler may assume and that may only start this export', () => {
    const [tableId] = only('AWS::DynamoDB::Table');
    const [bucketId] = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.ObjectLockEnabled)!;
    const [, schedule] = only('AWS::Scheduler::Schedule');
    const roleId = refId(schedule.Properties.Target.RoleArn)!;
    const role = resources[roleId]!;
    expect(role.Type).toBe('AWS::IAM::Role');
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
    const [trust] = role.Properties.AssumeRolePolicyDocument.Statement;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toHaveLength(1);
    expect(trust.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(trust.Condition.StringEquals['aws:SourceAccount']).toEqual({ Ref: 'AWS::AccountId' });
    expect(joined(trust.Condition.StringEquals['aws:SourceArn'])).toMatch(
      /:scheduler:.*:schedule\/default\/kintai-test-table-export$/,
    );

    const policies = ofType('AWS::IAM::Policy').filter(([, pol]) =>
      pol.Properties.Roles.some((r: any) => refId(r) === roleId),
    );
    expect(policies).toHaveLength(1);
    const statements = policies[0]![1].Properties.PolicyDocument.Statement.map((st: any) => ({
      Effect: st.Effect,
      Action: [st.Action].flat().sort(),
      Resource: [st.Resource].flat().map(joined),
    }));
    expect(statements).toEqual([
      { Effect: 'Allow', Action: [...EXPORT_ACTIONS.table], Resource: [`\${${tableId}}`] },
      { Effect: 'Allow', Action: [...EXPORT_ACTIONS.objects].sort(), Resource: [`\${${bucketId}}/monthly/*`] },
    ]);
    expect(EXPORT_ACTIONS).toEqual({
      table: ['dynamodb:ExportTableToPointInTime'],
      objects: ['s3:AbortMultipartUpload', 's3:PutObject', 's3:PutObjectAcl'],
    });
  });

  it('keeps the exports in a retained, versioned bucket with a GOVERNANCE Object Lock of five years and a month', () => {
    const [, bucket] = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.ObjectLockEnabled)!;
    expect(bucket.DeletionPolicy).toBe('Retain');
    const p = bucket.Properties;
    expect(p.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(p.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: TABLE_EXPORTS.lockDays } },
    });
    expect(TABLE_EXPORTS.lockDays).toBeGreaterThanOrEqual(FIVE_YEARS_DAYS + 28);
    expect(p.LoggingConfiguration.LogFilePrefix).toBe('s3/table-exports/');
    expect(refId(p.LoggingConfiguration.DestinationBucketName)).toMatch(/^LogBucket/);
  });

  it('moves export data to Glacier Deep Archive after a day, keeps manifests in Standard, expires after the lock', () => {
    const [, bucket] = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.ObjectLockEnabled)!;
    const p = bucket.Properties;
    // Objects under 128 KB (manifest-summary.json, manifest-files.json) are never transitioned.
    expect(p.LifecycleConfiguration.TransitionDefaultMinimumObjectSize).toBe('all_storage_classes_128K');
    const rules = p.LifecycleConfiguration.Rules as any[];
    const archive = rules.find((r) => r.Id === 'archive');
    expect(archive).toEqual({
      Id: 'archive',
      Prefix: 'monthly/',
      Status: 'Enabled',
      Transitions: [{ StorageClass: 'DEEP_ARCHIVE', TransitionInDays: 1 }],
    });
    const expire = rules.find((r) => r.Id === 'expire-after-retention');
    expect(expire).toEqual({
      Id: 'expire-after-retention',
      Prefix: 'monthly/',
      Status: 'Enabled',
      ExpirationInDays: TABLE_EXPORTS.lockDays + 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    });
    // Deep Archive bills at least 180 days; every export stays far longer.
    expect(expire.ExpirationInDays - archive.Transitions[0].TransitionInDays).toBeGreaterThan(180);
    expect(rules.find((r) => r.Id === 'remove-expired-delete-markers')).toMatchObject({
      ExpiredObjectDeleteMarker: true,
    });
    // Nothing expires outside the exports' prefix before its lock ends.
    for (const rule of rules.filter((r) => r.ExpirationInDays !== undefined))
      expect(rule.Prefix).toBe(TABLE_EXPORTS.prefix);
  });
});

describe('S3 buckets', () => {
  it('blocks public access and encrypts every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBe(4);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(
        bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
      ).toEqual({ SSEAlgorithm: 'AES256' });
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
  });

  it('denies non-TLS requests in every bucket policy', () => {
    for (const [id] of ofType('AWS::S3::Bucket')) {
      const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties.Bucket) === id)!;
      expect(policy.Properties.PolicyDocument.Statement, id).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      );
    }
  });

  it('expires exports after EXPORTS_LIFECYCLE_DAYS and logs access to the log bucket', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
      LifecycleConfiguration: {
        // Only CSV exports expire; closings/ (a closed period's CSV and snapshot) is kept.
        Rules: Match.arrayWith([
          Match.objectLike({ ExpirationInDays: EXPORTS_LIFECYCLE_DAYS, Prefix: 'exports/', Status: 'Enabled' }),
        ]),
      },
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/exports/' },
    });
  });
});

describe('outputs', () => {
  it('exports the distribution domain, table name, table-exports bucket (the restore runbook), pool ids and client ids', () => {
    const outputs = Object.keys(template.toJSON().Outputs ?? {});
    expect(outputs).toEqual(expect.arrayContaining(['DistributionDomainName', 'TableName', 'TableExportsBucketName']));
    for (const key of Object.keys(POOLS)) {
      expect(outputs).toEqual(expect.arrayContaining([`${key}PoolId`, `${key}ClientId`]));
    }
  });
});
