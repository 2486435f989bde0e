/**
 * Creates, idempotently, what the CDK stack would deploy — the table, the three user pools with
 * their app clients, the exports bucket — inside the emulators, from the same definitions
 * (functions/config/). Looks everything up by name first, so a restart keeps ids and data.
 */
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
  type UserPoolClientDescription,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  PASSWORD_POLICY,
  POOLS,
  TOKEN_VALIDITY,
  clientName,
  cognitoMfaConfiguration,
  poolName,
  type PoolKey,
} from '../../functions/config/pools';
import { TABLE, exportsBucketName, tableName } from '../../functions/config/table';
import { resetEnvCache, type RequiredApiEnv } from '../../functions/shared/env';
import { ensureDummyAwsCredentials } from './emulators';

const LOCAL_STAGE = 'local';
const LOCAL_REGION = 'ap-northeast-1';
/** Emulators have no accounts; this stands in where a name needs one (the bucket). */
const LOCAL_ACCOUNT = '000000000000';

export interface EmulatorEndpoints {
  dynamodbEndpoint: string;
  cognitoEndpoint: string;
  s3Endpoint: string;
}

/** Every variable of functions/shared/env.ts that the local stack sets, as strings. */
export type LocalApiEnv = RequiredApiEnv & {
  EXPORTS_BUCKET: string;
  COGNITO_ISSUER_BASE: string;
  DYNAMODB_ENDPOINT: string;
  COGNITO_ENDPOINT: string;
  S3_ENDPOINT: string;
  AWS_REGION: string;
  /** The local SMTP server (lib/local/mail-server.ts), set once it runs. */
  SMTP_URL?: string;
  APP_URL?: string;
};

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export const dynamoDbClient = (endpoint: string) => new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials });

export const cognitoClient = (endpoint: string) =>
  new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials });

/** s3rver serves buckets by path only. */
export const s3Client = (endpoint: string) =>
  new S3Client({ endpoint, region: LOCAL_REGION, credentials, forcePathStyle: true });

/** Creates the single table (keys, GSIs, TTL) unless it exists. Returns true when it created it. */
export async function ensureTable(client: DynamoDBClient, name: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...TABLE.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}

export async function deleteTable(client: DynamoDBClient, name: string): Promise<void> {
  try {
    await client.send(new DeleteTableCommand({ TableName: name }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}

async function ensureUserPool(client: CognitoIdentityProviderClient, stage: string, key: PoolKey): Promise<string> {
  const name = poolName(stage, key);
  // cognito-local returns every pool in one page; paginate anyway so this also reads right on AWS.
  let token: string | undefined;
  do {
    const page = await client.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken: token }));
    const found = page.UserPools?.find((pool) => pool.Name === name);
    if (found?.Id) return withMfaConfig(client, found.Id, key);
    token = page.NextToken;
  } while (token);

  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: name,
      // Company pools name users by an id (issue 30 item 3, functions/config/pools.ts `signIn`).
      ...(POOLS[key].signIn === 'email' ? { UsernameAttributes: ['email'] } : {}),
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
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
      Schema: POOLS[key].customAttributes.map((attribute) => ({
        Name: attribute,
        AttributeDataType: 'String',
        Mutable: false,
      })),
    }),
  );
  if (!created.UserPool?.Id) throw new Error(`CreateUserPool ${name} returned no id`);
  return withMfaConfig(client, created.UserPool.Id, key);
}

/** Applies the definition's MFA each start: a restart keeps pools made before the definition changed. */
async function withMfaConfig(client: CognitoIdentityProviderClient, poolId: string, key: PoolKey): Promise<string> {
  const mfa = POOLS[key].mfa;
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: poolId,
      MfaConfiguration: cognitoMfaConfiguration(mfa),
      ...(mfa === 'off' ? {} : { SoftwareTokenMfaConfiguration: { Enabled: true } }),
    }),
  );
  return poolId;
}

async function ensureClient(
  client: CognitoIdentityProviderClient,
  stage: string,
  key: PoolKey,
  userPoolId: string,
): Promise<string> {
  const name = clientName(stage, key);
  let token: string | undefined;
  let found: UserPoolClientDescription | undefined;
  do {
    const page = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken: token }),
    );
    found = page.UserPoolClients?.find((c) => c.ClientName === name);
    token = page.NextToken;
  } while (!found && token);
  if (found?.ClientId) return found.ClientId;

  const created = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: name,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      IdTokenValidity: TOKEN_VALIDITY.idTokenMinutes,
      AccessTokenValidity: TOKEN_VALIDITY.accessTokenMinutes,
      RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      // Tenant and role attributes change only through admin calls of the backend, never the user's client.
      WriteAttributes: [],
    }),
  );
  if (!created.UserPoolClient?.ClientId) throw new Error(`CreateUserPoolClient ${name} returned no id`);
  return created.UserPoolClient.ClientId;
}

async function ensureBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

export interface ProvisionOptions {
  stage?: string;
  /** Defaults to `tableName(stage)`; tests pass a table of their own. */
  tableName?: string;
  /** Tests create one table per file and skip the shared one. */
  createTable?: boolean;
}

/** Provisions everything and returns the API env that points the handlers at it. */
export async function provision(endpoints: EmulatorEndpoints, options: ProvisionOptions = {}): Promise<LocalApiEnv> {
  ensureDummyAwsCredentials();
  const stage = options.stage ?? LOCAL_STAGE;
  const table = options.tableName ?? tableName(stage);
  const bucket = exportsBucketName(stage, LOCAL_ACCOUNT);

  const dynamo = dynamoDbClient(endpoints.dynamodbEndpoint);
  const cognito = cognitoClient(endpoints.cognitoEndpoint);
  const s3 = s3Client(endpoints.s3Endpoint);
  try {
    // Sequential on purpose: cognito-local keeps its database in JSON files it rewrites whole.
    const pools = {} as Record<PoolKey, { poolId: string; clientId: string }>;
    for (const key of Object.keys(POOLS) as PoolKey[]) {
      const poolId = await ensureUserPool(cognito, stage, key);
      pools[key] = { poolId, clientId: await ensureClient(cognito, stage, key, poolId) };
    }
    await Promise.all([
      options.createTable === false ? Promise.resolve() : ensureTable(dynamo, table),
      ensureBucket(s3, bucket),
    ]);

    return {
      STAGE: stage,
      TABLE_NAME: table,
      EXPORTS_BUCKET: bucket,
      EMPLOYEE_POOL_ID: pools.employee.poolId,
      EMPLOYEE_CLIENT_ID: pools.employee.clientId,
      ADMIN_POOL_ID: pools.admin.poolId,
      ADMIN_CLIENT_ID: pools.admin.clientId,
      OPERATOR_POOL_ID: pools.operator.poolId,
      OPERATOR_CLIENT_ID: pools.operator.clientId,
      // cognito-local issues tokens as `http://host:port/<poolId>`.
      COGNITO_ISSUER_BASE: endpoints.cognitoEndpoint,
      DYNAMODB_ENDPOINT: endpoints.dynamodbEndpoint,
      COGNITO_ENDPOINT: endpoints.cognitoEndpoint,
      S3_ENDPOINT: endpoints.s3Endpoint,
      AWS_REGION: LOCAL_REGION,
    };
  } finally {
    dynamo.destroy();
    cognito.destroy();
    s3.destroy();
  }
}

/** Points this process's handlers at the local stack (they read process.env once, then cache it). */
export function applyApiEnv(values: Partial<LocalApiEnv>): void {
  ensureDummyAwsCredentials();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) process.env[name] = value;
  }
  resetEnvCache();
}
