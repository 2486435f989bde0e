import type { InfoItemView } from '../../../../functions/api/info-items/info-item-view';
import { api } from '../../lib/api';

/** An announcement as `GET /api/v1/info_items[/{id}]` returns it: the backend's own type. */
export type InfoItem = InfoItemView;

/** For employees and admins, only the announcements whose display window contains now. */
export const listInfoItems = () => api.get<InfoItem[]>('/api/v1/info_items');

export const getInfoItem = (id: string) => api.get<InfoItem>(`/api/v1/info_items/${encodeURIComponent(id)}`);
