/**
 * Bundled in place of `@aws-sdk/lib-dynamodb` (see lib/constructs/bundle-options.ts). ElectroDB
 * `require`s the whole package, whose index builds the aggregated `DynamoDBDocument` client and, through
 * it, every DynamoDB command (PartiQL, exports, backups, …): esbuild cannot tree-shake a `require`.
 * This module offers the document client and the ten commands ElectroDB sends, and nothing else, so a
 * bundle keeps only those. Plain JavaScript: the deep imports have no type declarations, and only
 * esbuild ever reads this file. `@kintai-sdk-dist/lib-dynamodb/…` is the package's ES build directory,
 * resolved from its package.json at build time (bundle-options.ts: SDK_DIST_ALIASES); not
 * `@aws-sdk/lib-dynamodb/…`, which the alias to this file also captures. A file the SDK moved stops the
 * build by name; test/unit/bundle-shims.test.ts checks every path and name against the installed SDK.
 */
export { DynamoDBDocumentClient } from '@kintai-sdk-dist/lib-dynamodb/DynamoDBDocumentClient.js';
export { BatchGetCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/BatchGetCommand.js';
export { BatchWriteCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/BatchWriteCommand.js';
export { DeleteCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/DeleteCommand.js';
export { GetCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/GetCommand.js';
export { PutCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/PutCommand.js';
export { QueryCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/QueryCommand.js';
export { ScanCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/ScanCommand.js';
export { TransactGetCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/TransactGetCommand.js';
export { TransactWriteCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/TransactWriteCommand.js';
export { UpdateCommand } from '@kintai-sdk-dist/lib-dynamodb/commands/UpdateCommand.js';
