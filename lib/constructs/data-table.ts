import type { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '#shared/db/table-definition.js';

export interface DataTableProps {
  /** Deletion protection and RETAIN for production data. */
  production: boolean;
  removalPolicy: RemovalPolicy;
}

const text = (name: string) => ({ name, type: AttributeType.STRING });

/** The service's single table, shaped by `tableDefinition` (shared with the local stack). */
export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: text(tableDefinition.partitionKey),
      sortKey: text(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: props.production,
      removalPolicy: props.removalPolicy,
    });
    for (const index of tableDefinition.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: text(index.partitionKey),
        sortKey: text(index.sortKey),
        projectionType: ProjectionType[index.projection],
      });
    }
  }
}
