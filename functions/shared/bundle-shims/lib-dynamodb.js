/**
 * Bundled in place of `@aws-sdk/lib-dynamodb` (see lib/constructs/bundle-options.ts). ElectroDB
 * `require`s the whole package, whose index builds the aggregated `DynamoDBDocument` client and, through
 * it, every DynamoDB command (PartiQL, exports, backups, …): esbuild cannot tree-shake a `require`.
 * This module offers the document client and the ten commands ElectroDB sends, and nothing else, so a
 * bundle keeps only those. Plain JavaScript: the deep imports have no type declarations, and only
 * esbuild ever reads this file. Relative paths, because the alias also captures `@aws-sdk/lib-dynamodb/…`.
 */
export { DynamoDBDocumentClient } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/DynamoDBDocumentClient.js';
export { BatchGetCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/BatchGetCommand.js';
export { BatchWriteCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/BatchWriteCommand.js';
export { DeleteCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/DeleteCommand.js';
export { GetCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/GetCommand.js';
export { PutCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/PutCommand.js';
export { QueryCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/ScanCommand.js';
export { TransactGetCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/TransactGetCommand.js';
export { TransactWriteCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/TransactWriteCommand.js';
export { UpdateCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/UpdateCommand.js';
