import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE } from '../../functions/config/table';

/** Point-in-time recovery window (DynamoDB's maximum). */
export const PITR_DAYS = 35;

export interface KintaiTableProps {
  readonly tableName: string;
}

/**
 * The single table, built from the same definition as the local DynamoDB table.
 * What each index serves is documented next to `TABLE` in functions/config/table.ts.
 */
export class KintaiTable extends dynamodb.Table {
  constructor(scope: Construct, id: string, props: KintaiTableProps) {
    super(scope, id, {
      tableName: props.tableName,
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      timeToLiveAttribute: TABLE.ttlAttribute,
      // Traffic follows office hours and month-end closing: on-demand avoids sizing capacity.
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // The longest window DynamoDB offers: restore to any second of the last 35 days. Older states
      // come from the monthly exports (lib/constructs/table-backup.ts), which need PITR on as well.
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: PITR_DAYS,
      },
      deletionProtection: true,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.globalIndexes) {
      this.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }

  /** ARNs a route may touch: the table and its named indexes, never `index/*`. */
  get accessArns(): string[] {
    return [this.tableArn, ...TABLE.globalIndexes.map((i) => `${this.tableArn}/index/${i.indexName}`)];
  }
}
