import * as z from 'zod/mini';

const required = () => z.string().check(z.minLength(1));

/**
 * Environment of every API function. Validated once per cold start; the CDK construct builds the
 * same shape (see lib/constructs/api-function.ts), so a missing variable fails at synth/compile time.
 */
export const ApiEnvSchema = z.object({
  STAGE: required(),
  TABLE_NAME: required(),
  EXPORTS_BUCKET: z.optional(required()),
  EMPLOYEE_POOL_ID: required(),
  EMPLOYEE_CLIENT_ID: required(),
  ADMIN_POOL_ID: required(),
  ADMIN_CLIENT_ID: required(),
  OPERATOR_POOL_ID: required(),
  OPERATOR_CLIENT_ID: required(),
  /** Issuer base, e.g. `http://127.0.0.1:9229` for cognito-local; AWS form when unset. */
  COGNITO_ISSUER_BASE: z.optional(z.url()),
  /** Emulator endpoints: set only by the local stack and tests. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  COGNITO_ENDPOINT: z.optional(z.url()),
  S3_ENDPOINT: z.optional(z.url()),
  /** The export worker Lambda to invoke asynchronously; unset locally, where the worker runs in-process. */
  EXPORT_WORKER_FUNCTION: z.optional(required()),
  /** The recompute worker Lambda (functions/jobs/recompute-worker.ts); unset locally (in-process). */
  RECOMPUTE_WORKER_FUNCTION: z.optional(required()),
  /** Set on AWS: CloudFront sends it in `x-origin-verify`; requests without it did not come through CloudFront/WAF. */
  ORIGIN_VERIFY_SECRET: z.optional(required()),
  /** Key for cursors and CSRF tokens (functions/shared/signing.ts); falls back to ORIGIN_VERIFY_SECRET. */
  SIGNING_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** Local stack and tests: mail goes to this SMTP server (lib/local/mail-server.ts) instead of Amazon SES. */
  SMTP_URL: z.optional(z.url()),
  /** Sender of every mail (SES identity on AWS: context `mailFrom`). */
  MAIL_FROM: z._default(required(), 'no-reply@kintai.local'),
  /** The product's public origin, for the links in mails (context `appUrl` on AWS; the gateway locally). */
  APP_URL: z._default(z.url(), 'http://127.0.0.1:3000'),
  AWS_REGION: z._default(required(), 'ap-northeast-1'),
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
});
export type ApiEnv = z.infer<typeof ApiEnvSchema>;

/** Names the CDK stack must set on every API function (optional ones excluded). */
type ApiEnvInput = z.input<typeof ApiEnvSchema>;
export type RequiredApiEnv = { [K in keyof ApiEnvInput as undefined extends ApiEnvInput[K] ? never : K]: string };

let cached: ApiEnv | undefined;

export function env(): ApiEnv {
  if (!cached) {
    const parsed = ApiEnvSchema.parse(process.env);
    const local = [parsed.DYNAMODB_ENDPOINT, parsed.COGNITO_ENDPOINT, parsed.S3_ENDPOINT, parsed.COGNITO_ISSUER_BASE]
      .filter(Boolean)
      .some((u) => /^http:\/\/(localhost|127\.|\[::1\])/.test(u!));
    if (local && parsed.STAGE === 'prod') {
      throw new Error('Refusing to start: the prod stage points at local emulator endpoints');
    }
    cached = parsed;
  }
  return cached;
}

/** Tests and the local stack change the environment between runs. */
export function resetEnvCache(): void {
  cached = undefined;
}
