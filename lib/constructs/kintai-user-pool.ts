import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_POLICY, TOKEN_VALIDITY, type PoolDefinition } from '../../functions/config/pools';

export interface KintaiUserPoolProps {
  readonly definition: PoolDefinition;
  readonly poolName: string;
  readonly clientName: string;
}

/**
 * One user pool and its web app client. Users never sign themselves up: employees are created by
 * their company admin, admins by the operator (AdminCreateUser). The browser never talks to
 * Cognito either: the sign-in Lambdas do (backend-for-frontend), with a public client.
 */
export class KintaiUserPool extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: KintaiUserPoolProps) {
    super(scope, id);
    const { definition } = props;
    const totp = definition.mfa === 'totp-enforced-by-api';

    const customAttributes: Record<string, cognito.ICustomAttribute> = {};
    for (const name of definition.customAttributes) {
      // Tenant ids are set once by the admin API and never change: immutable by construction.
      customAttributes[name] = new cognito.StringAttribute({ minLen: 1, maxLen: 64, mutable: false });
    }

    this.pool = new cognito.UserPool(this, 'Pool', {
      userPoolName: props.poolName,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes,
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(PASSWORD_POLICY.tempPasswordValidityDays),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Invitations use Cognito's built-in sender (50 e-mails a day); a production rollout of many
      // companies switches to `cognito.UserPoolEmail.withSES(...)` once a verified domain exists.
      // TOTP only: SMS costs money per message, needs an SNS role and is weaker (SIM swap).
      // OPTIONAL, not REQUIRED, where the API enforces enrolment (see PoolMfa in functions/config/pools.ts).
      mfa: totp ? cognito.Mfa.OPTIONAL : cognito.Mfa.OFF,
      mfaSecondFactor: totp ? { otp: true, sms: false } : undefined,
      // Plus tier: compromised-credential checks and risk-based blocking. The sign-in Lambda calls
      // InitiateAuth, so Cognito sees the Lambda's address rather than the user's (passing the
      // user's IP needs a client secret); compromised-credential detection does not depend on it.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const custom = definition.customAttributes.map((name) => `custom:${name}`);
    this.client = this.pool.addClient('WebClient', {
      userPoolClientName: props.clientName,
      generateSecret: false,
      authFlows: { userPassword: true },
      // Refresh tokens are used server-side only (session record); revocation backs sign-out.
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
      // Tenant and role attributes are readable (they travel in the ID token) but never writable
      // through this client: only the admin API, under the Lambda's IAM role, sets them.
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true })
        .withCustomAttributes(...custom),
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true }),
      disableOAuth: true,
    });

    Validations.of(this.pool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: totp
        ? 'MFA is enforced by the application for operators: the pool offers TOTP only, as OPTIONAL so that enrolment ' +
          'runs with the access token (Cognito challenges every enrolled operator), and the API refuses every operator ' +
          'route except TOTP enrolment and sign-out to a session signed in without TOTP.'
        : 'Employees and company admins sign in with a strong password policy and Plus-tier threat protection ' +
          '(ENFORCED: compromised credentials and risky sign-ins blocked) instead of MFA: many staff punch from ' +
          'shared or personal phones without an authenticator. The platform operator must use TOTP (enforced by the API).',
    });
  }
}
