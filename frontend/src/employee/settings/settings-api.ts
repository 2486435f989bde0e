import { api } from '../../lib/api';

export interface Profile {
  id: string;
  name: string;
  last_name: string;
  first_name: string;
  department_name: string | null;
  employment_status_name: string | null;
  email: string;
  cell: string | null;
}

export const getProfile = () => api.get<Profile>('/api/v1/employees/info');

/** The server checks it is a Japanese phone number. */
export const updateCell = (cell: string) => api.put<{ cell: string }>('/api/v1/employees/update_cell', { cell });
