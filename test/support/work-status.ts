import type { WorkStatusView } from '../../functions/api/work-status/views.js';
import type { HttpClient, HttpResponse } from './http-client.js';
import { pollUntil } from './poll.js';

/**
 * 勤怠状況 as of now: its figures come from a digest built in the background (issue 19), so a test that
 * has just written attendance, requests or settings asks for 再集計 (`POST /api/v1/work_status/refresh`,
 * same `?year&month`) and reads `GET` until the build it started has stored its figures. A refusal of
 * the refresh (400, 403…) is answered as is. `path` is the GET's path with its query.
 */
export async function workStatusAfterRefresh(client: HttpClient, path = '/api/v1/work_status'): Promise<HttpResponse> {
  const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  const asked = await client.post(`/api/v1/work_status/refresh${query}`, {});
  if (asked.status !== 200) return asked;
  return pollUntil(
    () => client.get(path),
    (res) => res.status !== 200 || (res.body.data.refreshing === false && res.body.data.as_of !== null),
  );
}

/** The figures of `workStatusAfterRefresh` (its `data`). */
export const freshWorkStatus = async (client: HttpClient, path?: string): Promise<WorkStatusView> =>
  (await workStatusAfterRefresh(client, path)).body.data;
