import * as z from 'zod/mini';
import { PeriodQuerySchema } from '../schemas.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { workStatusOf } from './work-status-routes.js';

/**
 * 再集計: builds the work status of the period (`?year&month`, default the current one) again now,
 * whatever its digest's age, in the background; answers the figures stored so far with
 * `refreshing: true` (the screen asks `GET /api/v1/work_status` until it is false). Three requests and
 * the worker's start, whatever the staff count.
 */
export const handler = api(
  'refresh-work-status',
  { query: PeriodQuerySchema, body: z.strictObject({}) },
  async ({ query, principal }) => ok(await workStatusOf(principal.companyId, principal.timeZone, query, true)),
);
