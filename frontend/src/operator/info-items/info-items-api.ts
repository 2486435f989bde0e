import { api } from '../../lib/api';
import type { InfoItem } from '../../shared/info-items/info-items-api';

export type { InfoItem };

/** start_at / end_at as the spec sends them: `yyyy-mm-dd hh:mm:ss`, Japan time. */
export interface InfoItemInput {
  title: string;
  detail_text: string;
  start_at: string;
  end_at: string;
}

const base = '/api/v1/info_items';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The operator gets every announcement, on display or not. */
export const listAllInfoItems = () => api.get<InfoItem[]>(base);
export const getInfoItem = (id: string) => api.get<InfoItem>(one(id));
export const createInfoItem = (input: InfoItemInput) => api.post<InfoItem>(base, input);
export const updateInfoItem = (id: string, input: InfoItemInput) => api.put<InfoItem>(one(id), input);
export const deleteInfoItem = (id: string) => api.delete<{ id: string }>(one(id));
