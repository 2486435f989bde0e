import * as z from 'zod/mini';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { periodClosingsOf } from './period-closings-routes.js';
import { ClosingsQuerySchema } from './schemas.js';

/**
 * 再集計 of 締め処理's checklist: builds the checklist of the period (`?period=`, default the last ended
 * one) again now, whatever its digest's age, in the background; answers the screen as
 * `GET /api/v1/period_closings` does with `refreshing: true` (the screen asks the GET until it is
 * false). Five requests and the worker's start, whatever the staff count.
 */
export const handler = api(
  'refresh-period-closings',
  { query: ClosingsQuerySchema, body: z.strictObject({}) },
  async ({ principal, query }) => ok(await periodClosingsOf(principal.companyId, principal.timeZone, query, true)),
);
