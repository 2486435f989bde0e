import type { ProfileView } from '../../../../functions/services/profile-view';
import { api } from '../../lib/api';

/** `GET /api/v1/employees/info`: the backend's own type. */
export type Profile = ProfileView;

export const getProfile = () => api.get<Profile>('/api/v1/employees/info');

/** The server checks it is a Japanese phone number. */
export const updateCell = (cell: string) => api.put<{ cell: string }>('/api/v1/employees/update_cell', { cell });
