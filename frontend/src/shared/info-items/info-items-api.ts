import { api } from '../../lib/api';

/** An announcement as `GET /api/v1/info_items[/{id}]` returns it. */
export interface InfoItem {
  id: string;
  title: string;
  detail_text: string;
  start_at: string;
  end_at: string;
}

/** For employees and admins, only the announcements whose display window contains now. */
export const listInfoItems = () => api.get<InfoItem[]>('/api/v1/info_items');

export const getInfoItem = (id: string) => api.get<InfoItem>(`/api/v1/info_items/${encodeURIComponent(id)}`);
