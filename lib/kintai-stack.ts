import { Annotations, CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '../functions/routes';
import type { RequiredApiEnv } from '../functions/shared/env';
import { KintaiApi } from './constructs/kintai-api';
import { KintaiTable } from './constructs/kintai-table';
import { DEFAULT_COGNITO_PLAN, KintaiUserPool, type CognitoPlan } from './constructs/kintai-user-pool';
import { PrivateBucket } from './constructs/private-bucket';
import { TableBackup } from './constructs/table-backup';
import { WebDistribution } from './constructs/web-distribution';
import { ORIGIN_VERIFY } from '../functions/config/origin-verify';
import { POOLS, clientName, poolName, type PoolKey } from '../functions/config/pools';
import { EXPORTS_LIFECYCLE_DAYS, exportsBucketName, tableName } from '../functions/config/table';

/** Placeholder sender until `-c mailFrom=…` names a domain the operator owns (README "Mail"). */
const DEFAULT_MAIL_FROM = 'no-reply@kintai.invalid';
/** Placeholder public origin until `-c appUrl=…` gives the product's URL (the CloudFront domain or your own). */
const DEFAULT_APP_URL = 'https://kintai.invalid';

export interface KintaiStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, …): part of every physical name. */
  readonly stage: string;
  /** Built SPA to upload (frontend/dist); omitted when it has not been built. */
  readonly webAssetsPath?: string;
  /**
   * CloudFront-scope WAFv2 web ACL ARN (us-east-1): the edge stack's ACL through a cross-region
   * reference, or one given with `-c webAclArn=...`.
   */
  readonly webAclArn?: string;
  /** Cognito feature plan of the three user pools (context `cognitoPlan`). @default DEFAULT_COGNITO_PLAN */
  readonly cognitoPlan?: CognitoPlan;
  /**
   * Sender of the product's mail (context `mailFrom`); its domain becomes the SES identity (verify it
   * with the DKIM records SES lists). @default DEFAULT_MAIL_FROM
   */
  readonly mailFrom?: string;
  /** Public origin of the product for the links in mails (context `appUrl`), e.g. `https://kintai.example.jp`. */
  readonly appUrl?: string;
  /** Route table override for tests; defaults to functions/routes.ts. */
  readonly routes?: readonly RouteDef[];
}

/**
 * The whole product in one regional stack: table and its backups, user pools, buckets, the HTTP
 * API with one Lambda per route, and the CloudFront distribution in front of SPA and API. Only the
 * CloudFront-scope WAF lives elsewhere (KintaiEdgeStack, us-east-1).
 *
 * Resource budget: each route adds five resources (function, role, integration, route,
 * permission). They live in one nested stack per route area (KintaiApi), so this stack holds ~55
 * resources whatever the number of routes, and each area's stack 5 per route (the largest, sessions,
 * 50 today). test/infra/stacks.infra.test.ts prints the figures and fails any stack above 300 of
 * CloudFormation's 500.
 */
export class KintaiStack extends Stack {
  constructor(scope: Construct, id: string, props: KintaiStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const namePrefix = `kintai-${stage}`;

    const table = new KintaiTable(this, 'Table', { tableName: tableName(stage) });

    const pools = {} as Record<PoolKey, KintaiUserPool>;
    for (const key of Object.keys(POOLS) as PoolKey[]) {
      pools[key] = new KintaiUserPool(this, `${key[0]!.toUpperCase()}${key.slice(1)}Pool`, {
        definition: POOLS[key],
        poolName: poolName(stage, key),
        clientName: clientName(stage, key),
        plan: props.cognitoPlan ?? DEFAULT_COGNITO_PLAN,
      });
    }

    const logBucket = new PrivateBucket(this, 'LogBucket', { allowLogDeliveryAcls: true, expireAfterDays: 365 });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination for the other buckets and CloudFront; logging it into itself would loop.',
    });
    const backup = new TableBackup(this, 'Backup', { namePrefix, table, logBucket });
    const exportsBucket = new PrivateBucket(this, 'ExportsBucket', {
      bucketName: exportsBucketName(stage, this.account),
      accessLogs: { bucket: logBucket, prefix: 's3/exports/' },
      expireAfterDays: EXPORTS_LIFECYCLE_DAYS,
      // CSV exports expire; a closed payroll period's CSV and snapshot (closings/…) are records 労基法109条 keeps.
      expirePrefix: 'exports/',
    });
    const spaBucket = new PrivateBucket(this, 'SpaBucket', {
      accessLogs: { bucket: logBucket, prefix: 's3/spa/' },
    });

    // Origin verification: a generated secret that CloudFront sends as a header and the API
    // functions receive as ORIGIN_VERIFY_SECRET (both as CloudFormation dynamic references, so
    // the value never appears in the template). Rotation = new secret version + redeploy.
    const originVerify = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: `${namePrefix}: value of the ${ORIGIN_VERIFY.header} header CloudFront sends to the API`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The value is copied into the CloudFront origin header and the Lambda environment at deploy time, so a ' +
        'rotation Lambda could not propagate it; it is rotated by a new secret version followed by a redeploy.',
    });

    const environment: RequiredApiEnv = {
      STAGE: stage,
      TABLE_NAME: table.tableName,
      EMPLOYEE_POOL_ID: pools.employee.pool.userPoolId,
      EMPLOYEE_CLIENT_ID: pools.employee.client.userPoolClientId,
      ADMIN_POOL_ID: pools.admin.pool.userPoolId,
      ADMIN_CLIENT_ID: pools.admin.client.userPoolClientId,
      OPERATOR_POOL_ID: pools.operator.pool.userPoolId,
      OPERATOR_CLIENT_ID: pools.operator.client.userPoolClientId,
    };

    // Mail (issue 18): one SES identity for the sender's domain; only routes needing 'mail' may send from it.
    const mailFrom = props.mailFrom ?? DEFAULT_MAIL_FROM;
    const mailDomain = mailFrom.split('@')[1];
    if (!mailDomain || !/^[^@\s]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(mailFrom)) {
      throw new Error(`Invalid mailFrom "${mailFrom}": an e-mail address such as no-reply@kintai.example.jp`);
    }
    if (!props.appUrl || !props.mailFrom) {
      // The links in mails and the sender need the operator's own names; synth works without them.
      Annotations.of(this).addWarningV2(
        'kintai:mail-context',
        'Set -c mailFrom=<sender address> and -c appUrl=<public URL> so that mails are sent from a verified domain and link to the product (README "Mail").',
      );
    }
    const mailIdentity = new ses.EmailIdentity(this, 'MailIdentity', { identity: ses.Identity.domain(mailDomain) });

    const routes = props.routes ?? ROUTES;
    const api = new KintaiApi(this, 'Api', {
      namePrefix,
      environment,
      extraEnvironment: { [ORIGIN_VERIFY.envVar]: originVerify.secretValue.unsafeUnwrap() },
      resources: {
        table,
        exportsBucket,
        employeePool: pools.employee.pool,
        adminPool: pools.admin.pool,
        operatorPool: pools.operator.pool,
        mail: {
          identity: mailIdentity,
          from: mailFrom,
          appUrl: props.appUrl ?? DEFAULT_APP_URL,
        },
      },
      routes,
    });

    const web = new WebDistribution(this, 'Web', {
      namePrefix,
      spaBucket,
      apiDomainName: api.originDomainName,
      pageOrApiPaths: [...new Set(routes.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path))],
      originVerifyValue: originVerify.secretValue,
      logBucket,
      webAclArn: props.webAclArn,
      webAssetsPath: props.webAssetsPath,
    });

    new CfnOutput(this, 'DistributionDomainName', { value: web.distribution.distributionDomainName });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'ExportsBucketName', { value: exportsBucket.bucketName });
    new CfnOutput(this, 'TableExportsBucketName', { value: backup.bucket.bucketName });
    for (const key of Object.keys(pools) as PoolKey[]) {
      new CfnOutput(this, `${key}PoolId`, { value: pools[key].pool.userPoolId });
      new CfnOutput(this, `${key}ClientId`, { value: pools[key].client.userPoolClientId });
    }
  }
}
