import { api } from '../../lib/api';

export interface Inquiry {
  id: string;
  name: string;
  company: string;
  email: string;
  message: string;
  created_at: string;
}

/** Newest first. */
export const listInquiries = () => api.get<Inquiry[]>('/api/v1/inquiries');
