import type { InquiryView } from '../../../../functions/api/inquiries/inquiry-schema';
import { api } from '../../lib/api';

/** An inquiry from the contact form: the backend's own type. */
export type Inquiry = InquiryView;

/** Newest first. */
export const listInquiries = () => api.get<Inquiry[]>('/api/v1/inquiries');
