/**
 * CDK entry point (cdk.json: `npx tsx bin/app.ts`).
 *
 *   npm run synth                                  # stage/region from cdk.json context
 *   npx cdk synth -c stage=prod -c region=ap-northeast-1
 *   npx cdk deploy --all                           # Kintai-<stage>-edge (us-east-1, WAF) first
 *   npx cdk synth -c webAclArn=arn:aws:wafv2:us-east-1:...   # attach an existing ACL, no edge stack
 *
 * cdk-nag (AwsSolutions and Serverless packs) runs as a policy-validation plugin: any finding that
 * is not acknowledged with a written reason (`Validations.of(x).acknowledge`) fails synthesis.
 */
import { createKintaiApp } from '../lib/kintai-app';

createKintaiApp();
