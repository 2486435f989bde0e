import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured logger. Never log request bodies, cookies, tokens, e-mail addresses or phone numbers:
 * log ids and outcomes only.
 */
export const logger = new Logger({ serviceName: 'kintai', logLevel: (process.env.LOG_LEVEL as 'INFO') ?? 'INFO' });
