/**
 * Bundled in place of `@aws-sdk/client-dynamodb`'s index (see lib/constructs/bundle-options.ts).
 * ElectroDB `require`s the document client, so esbuild wraps everything the document client imports
 * in lazy initialisers, and a wrapped package index keeps every module it re-exports: the aggregated
 * `DynamoDB` client, all ~60 commands, paginators and waiters (~50 KB of every bundle). This module
 * offers the client and the commands the document client and the health check send, so a bundle keeps
 * only those. A missing name fails the build (esbuild checks named imports), not a request. Plain
 * JavaScript with relative paths, as in lib-dynamodb.js.
 */
export { DynamoDBClient } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/DynamoDBClient.js';
export { BatchGetItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchGetItemCommand.js';
export { BatchWriteItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchWriteItemCommand.js';
export { DeleteItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DeleteItemCommand.js';
export { DescribeTableCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DescribeTableCommand.js';
export { GetItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/GetItemCommand.js';
export { PutItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/PutItemCommand.js';
export { QueryCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ScanCommand.js';
export { TransactGetItemsCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactGetItemsCommand.js';
export { TransactWriteItemsCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactWriteItemsCommand.js';
export { UpdateItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/UpdateItemCommand.js';
