import * as z from 'zod';

/**
 * Environment of every API function. Validated once per cold start; the CDK construct builds the
 * same shape (see lib/constructs/api-function.ts), so a missing variable fails at synth/compile time.
 */
export const ApiEnvSchema = z.object({
  STAGE: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  EXPORTS_BUCKET: z.string().min(1).optional(),
  EMPLOYEE_POOL_ID: z.string().min(1),
  EMPLOYEE_CLIENT_ID: z.string().min(1),
  ADMIN_POOL_ID: z.string().min(1),
  ADMIN_CLIENT_ID: z.string().min(1),
  OPERATOR_POOL_ID: z.string().min(1),
  OPERATOR_CLIENT_ID: z.string().min(1),
  /** Issuer base, e.g. `http://127.0.0.1:9229` for cognito-local; AWS form when unset. */
  COGNITO_ISSUER_BASE: z.string().url().optional(),
  /** Emulator endpoints: set only by the local stack and tests. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  COGNITO_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  /** The export worker Lambda to invoke asynchronously; unset locally, where the worker runs in-process. */
  EXPORT_WORKER_FUNCTION: z.string().min(1).optional(),
  /** Set on AWS: CloudFront sends it in `x-origin-verify`; requests without it did not come through CloudFront/WAF. */
  ORIGIN_VERIFY_SECRET: z.string().min(1).optional(),
  AWS_REGION: z.string().min(1).default('ap-northeast-1'),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
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
