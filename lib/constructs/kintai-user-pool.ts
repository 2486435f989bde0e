import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_POLICY, TOKEN_VALIDITY, type PoolDefinition } from '../../functions/config/pools';

/**
 * Cognito feature plans, a deployment choice (`-c cognitoPlan=plus|essentials|lite`). The pools use
 * only what Lite offers — admin-created users, password sign-in through InitiateAuth, TOTP for the
 * operator, custom attributes, token revocation — plus, on Plus, threat protection (compromised
 * credentials and risk-based blocking, ENFORCED). Essentials adds nothing this app uses (managed
 * login, passwordless, access-token customisation); it is offered for accounts that standardise on it.
 */
export const COGNITO_PLANS = ['plus', 'essentials', 'lite'] as const;
export type CognitoPlan = (typeof COGNITO_PLANS)[number];
/** Threat protection stays on unless a deployment chooses otherwise. */
export const DEFAULT_COGNITO_PLAN: CognitoPlan = 'plus';

export function isCognitoPlan(value: unknown): value is CognitoPlan {
  return typeof value === 'string' && (COGNITO_PLANS as readonly string[]).includes(value);
}

const FEATURE_PLAN: Record<CognitoPlan, cognito.FeaturePlan> = {
  plus: cognito.FeaturePlan.PLUS,
  essentials: cognito.FeaturePlan.ESSENTIALS,
  lite: cognito.FeaturePlan.LITE,
};

export interface KintaiUserPoolProps {
  readonly definition: PoolDefinition;
  readonly poolName: string;
  readonly clientName: string;
  /** @default DEFAULT_COGNITO_PLAN */
  readonly plan?: CognitoPlan;
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
    const plan = props.plan ?? DEFAULT_COGNITO_PLAN;
    const threatProtection = plan === 'plus';
    // Company pools name users by an id (one e-mail may belong to users of several companies, issue 30
    // item 3): the e-mail is a plain attribute, neither alias nor verified (the product mails itself).
    const byEmail = definition.signIn === 'email';

    const customAttributes: Record<string, cognito.ICustomAttribute> = {};
    for (const name of definition.customAttributes) {
      // Tenant ids are set once by the admin API and never change: immutable by construction.
      customAttributes[name] = new cognito.StringAttribute({ minLen: 1, maxLen: 64, mutable: false });
    }

    this.pool = new cognito.UserPool(this, 'Pool', {
      userPoolName: props.poolName,
      selfSignUpEnabled: false,
      signInAliases: byEmail ? { email: true } : { username: true },
      signInCaseSensitive: false,
      ...(byEmail ? { autoVerify: { email: true } } : {}),
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
      // Company users reset their password through the product (its own mailed code), never Cognito's.
      accountRecovery: byEmail ? cognito.AccountRecovery.EMAIL_ONLY : cognito.AccountRecovery.NONE,
      // Invitations use Cognito's built-in sender (50 e-mails a day); a production rollout of many
      // companies switches to `cognito.UserPoolEmail.withSES(...)` once a verified domain exists.
      // TOTP only: SMS costs money per message, needs an SNS role and is weaker (SIM swap).
      // OPTIONAL, not REQUIRED, where the API enforces enrolment (see PoolMfa in functions/config/pools.ts).
      mfa: totp ? cognito.Mfa.OPTIONAL : cognito.Mfa.OFF,
      mfaSecondFactor: totp ? { otp: true, sms: false } : undefined,
      // Plus: compromised-credential checks and risk-based blocking. The sign-in Lambda calls
      // InitiateAuth, so Cognito sees the Lambda's address rather than the user's (passing the
      // user's IP needs a client secret); compromised-credential detection does not depend on it.
      // Essentials and Lite have no threat protection: the app's own brakes, common-password
      // refusal and the WAF sign-in rate rule remain (README "Cognito feature plan").
      featurePlan: FEATURE_PLAN[plan],
      standardThreatProtectionMode: threatProtection ? cognito.StandardThreatProtectionMode.FULL_FUNCTION : undefined,
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

    if (!threatProtection) {
      Validations.of(this.pool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          `The ${plan} feature plan was chosen at deployment (-c cognitoPlan=${plan}) to save the Plus price per MAU; ` +
          'the app uses no Plus feature but threat protection, and keeps its own sign-in brakes, common-password ' +
          'refusal, WAF sign-in rate rule and operator TOTP (README "Cognito feature plan").',
      });
    }
    Validations.of(this.pool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: totp
        ? 'MFA is enforced by the application for operators: the pool offers TOTP only, as OPTIONAL so that enrolment ' +
          'runs with the access token (Cognito challenges every enrolled operator), and the API refuses every operator ' +
          'route except TOTP enrolment and sign-out to a session signed in without TOTP.'
        : 'Employees and company admins sign in with a strong password policy, the top-10,000 common passwords ' +
          'refused, per-device and per-address sign-in brakes' +
          (threatProtection
            ? ' and Plus-tier threat protection (ENFORCED: compromised credentials and risky sign-ins blocked)'
            : ` (the ${plan} feature plan, chosen at deployment, has no threat protection)`) +
          ' instead of MFA: many staff punch from shared or personal phones without an authenticator. ' +
          'The platform operator must use TOTP (enforced by the API).',
    });
  }
}
