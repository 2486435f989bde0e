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
import { BACKUP_RULES } from '../../lib/constructs/table-backup';
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

  it('has point-in-time recovery, deletion protection, encryption and is retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
      },
    });
  });
});

describe('Cognito user pools', () => {
  const keys = Object.keys(POOLS) as PoolKey[];

  it('creates one pool per definition, admin-created users only, sign-in by e-mail', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', keys.length);
    for (const key of keys) {
      template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: {
          UserPoolName: poolName(STAGE, key),
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
          UsernameAttributes: ['email'],
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

describe('AWS Backup of the table (労働基準法109条: five years)', () => {
  const DAY = 24 * 60 * 60;

  it('selects the table for a plan with daily (35 days) and monthly (≥ 5 years, cold after 90 days) rules', () => {
    const [[tableId]] = ofType('AWS::DynamoDB::Table') as [[string, unknown]];
    const [[planId, plan]] = ofType('AWS::Backup::BackupPlan') as [[string, any]];
    const [, selection] = ofType('AWS::Backup::BackupSelection')[0]!;
    expect(refId(selection.Properties.BackupPlanId)).toBe(planId);
    expect(selection.Properties.BackupSelection.Resources.map(refId)).toEqual([tableId]);

    const rules = plan.Properties.BackupPlan.BackupPlanRule as any[];
    const daily = rules.find((r) => r.RuleName === BACKUP_RULES.daily.ruleName);
    const monthly = rules.find((r) => r.RuleName === BACKUP_RULES.monthly.ruleName);
    expect(daily.ScheduleExpression).toBe('cron(0 3 * * ? *)');
    expect(daily.Lifecycle).toEqual({ DeleteAfterDays: 35 });
    expect(monthly.ScheduleExpression).toBe('cron(0 4 1 * ? *)');
    expect(monthly.Lifecycle.DeleteAfterDays).toBeGreaterThanOrEqual(1827);
    // Five calendar years, leap days included, from any start date.
    expect(monthly.Lifecycle.DeleteAfterDays * DAY * 1000).toBeGreaterThanOrEqual(
      Date.UTC(2028, 2, 1) - Date.UTC(2023, 2, 1),
    );
    expect(monthly.Lifecycle.MoveToColdStorageAfterDays).toBe(90);
    // Cold storage keeps a point at least 90 days.
    expect(monthly.Lifecycle.DeleteAfterDays - monthly.Lifecycle.MoveToColdStorageAfterDays).toBeGreaterThanOrEqual(90);
    for (const rule of [daily, monthly]) {
      expect(rule.ScheduleExpressionTimezone).toBe('Asia/Tokyo');
      expect(refId(rule.TargetBackupVault)).toBe(ofType('AWS::Backup::BackupVault')[0]![0]);
    }
  });

  it('keeps the recovery points in a retained, locked vault encrypted with a rotating customer key', () => {
    const [[, vault]] = ofType('AWS::Backup::BackupVault') as [[string, any]];
    expect(vault.DeletionPolicy).toBe('Retain');
    const key = resources[refId(vault.Properties.EncryptionKeyArn)!]!;
    expect(key.Type).toBe('AWS::KMS::Key');
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    expect(vault.Properties.LockConfiguration).toEqual({ MinRetentionDays: BACKUP_RULES.daily.deleteAfterDays });
    // Nobody deletes a recovery point by hand.
    expect(vault.Properties.AccessPolicy.Statement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Action: expect.arrayContaining(['backup:DeleteRecoveryPoint']) }),
      ]),
    );
  });
});

describe('S3 buckets', () => {
  it('blocks public access and encrypts every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBe(3);
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
  it('exports the distribution domain, table name, pool ids and client ids', () => {
    const outputs = Object.keys(template.toJSON().Outputs ?? {});
    expect(outputs).toEqual(expect.arrayContaining(['DistributionDomainName', 'TableName']));
    for (const key of Object.keys(POOLS)) {
      expect(outputs).toEqual(expect.arrayContaining([`${key}PoolId`, `${key}ClientId`]));
    }
  });
});
