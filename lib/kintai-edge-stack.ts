import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RouteDef } from '../functions/routes';
import { KintaiWebAcl } from './constructs/web-acl';

/** CloudFront-scope WAF resources can only be created in this region. */
export const EDGE_REGION = 'us-east-1';

export interface KintaiEdgeStackProps extends StackProps {
  readonly stage: string;
  readonly routes?: readonly RouteDef[];
}

/**
 * The global (us-east-1) part of a stage: the WAF web ACL in front of CloudFront. It is its own
 * small stack because the rest of the product lives in the regional stack (Tokyo); the regional
 * stack reads the ACL's ARN through a cross-region reference (`crossRegionReferences: true` on
 * both stacks: CDK keeps the value in an SSM parameter of the regional stack's region), so
 * `cdk deploy --all` deploys this stack first and no ARN is pasted by hand.
 */
export class KintaiEdgeStack extends Stack {
  readonly webAcl: KintaiWebAcl;

  constructor(scope: Construct, id: string, props: KintaiEdgeStackProps) {
    super(scope, id, { crossRegionReferences: true, ...props });
    this.webAcl = new KintaiWebAcl(this, 'WebAcl', { namePrefix: `kintai-${props.stage}`, routes: props.routes });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.webAclArn });
  }
}
