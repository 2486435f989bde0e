/**
 * Bundled in place of `@aws-sdk/client-dynamodb`'s index (see lib/constructs/bundle-options.ts).
 * ElectroDB `require`s the document client, so esbuild wraps everything the document client imports
 * in lazy initialisers, and a wrapped package index keeps every module it re-exports: the aggregated
 * `DynamoDB` client, all ~60 commands, paginators and waiters (~50 KB of every bundle). This module
 * offers the client and the commands the document client and the health check send, so a bundle keeps
 * only those. A missing name fails the build (esbuild checks named imports), not a request. Plain
 * JavaScript with build-time resolved paths, as in lib-dynamodb.js.
 */
export { DynamoDBClient } from '@kintai-sdk-dist/client-dynamodb/DynamoDBClient.js';
export { BatchGetItemCommand } from '@kintai-sdk-dist/client-dynamodb/commands/BatchGetItemCommand.js';
export { BatchWriteItemCommand } from '@kintai-sdk-dist/client-dynamodb/commands/BatchWriteItemCommand.js';
export { DeleteItemCommand } from '@kintai-sdk-dist/client-dynamodb/commands/DeleteItemCommand.js';
export { DescribeTableCommand } from '@kintai-sdk-dist/client-dynamodb/commands/DescribeTableCommand.js';
export { GetItemCommand } from '@kintai-sdk-dist/client-dynamodb/commands/GetItemCommand.js';
export { PutItemCommand } from '@kintai-sdk-dist/client-dynamodb/commands/PutItemCommand.js';
export { QueryCommand } from '@kintai-sdk-dist/client-dynamodb/commands/QueryCommand.js';
export { ScanCommand } from '@kintai-sdk-dist/client-dynamodb/commands/ScanCommand.js';
export { TransactGetItemsCommand } from '@kintai-sdk-dist/client-dynamodb/commands/TransactGetItemsCommand.js';
export { TransactWriteItemsCommand } from '@kintai-sdk-dist/client-dynamodb/commands/TransactWriteItemsCommand.js';
export { UpdateItemCommand } from '@kintai-sdk-dist/client-dynamodb/commands/UpdateItemCommand.js';
