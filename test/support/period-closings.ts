import type { PeriodClosingsView } from '../../functions/api/period-closings/views.js';
import type { HttpClient, HttpResponse } from './http-client.js';
import { pollUntil } from './poll.js';

/**
 * 締め処理 as of now: the checklist's missing punches and findings come from a digest built in the
 * background (issue 19), so a test that has just written attendance, requests or settings asks for
 * 再集計 (`POST /api/v1/period_closings/refresh`, same `?period=`) and reads `GET` until the build it
 * started has stored its checklist. A refusal of the refresh (400, 403…) is answered as is. `path` is
 * the GET's path with its query.
 */
export async function periodClosingsAfterRefresh(
  client: HttpClient,
  path = '/api/v1/period_closings',
): Promise<HttpResponse> {
  const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  const asked = await client.post(`/api/v1/period_closings/refresh${query}`, {});
  if (asked.status !== 200) return asked;
  return pollUntil(
    () => client.get(path),
    (res) => res.status !== 200 || (res.body.data.refreshing === false && res.body.data.as_of !== null),
  );
}

/** The answer of `periodClosingsAfterRefresh` (its `data`). */
export const freshPeriodClosings = async (client: HttpClient, path?: string): Promise<PeriodClosingsView> =>
  (await periodClosingsAfterRefresh(client, path)).body.data;
