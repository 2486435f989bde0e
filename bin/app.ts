/**
 * CDK entry point (cdk.json: `npx tsx bin/app.ts`).
 *
 *   npm run synth                                  # stage/region from cdk.json context
 *   npx cdk synth -c stage=prod -c region=ap-northeast-1
 *
 * cdk-nag (AwsSolutions) runs as a policy-validation plugin: any finding that is not acknowledged
 * with a written reason (`Validations.of(x).acknowledge`) fails synthesis.
 */
import { createKintaiApp } from '../lib/kintai-app';

createKintaiApp();
