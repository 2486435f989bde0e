import { latestInquiries } from '../../db/inquiries.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { inquiryView } from './inquiry-schema.js';

export const handler = api('list-inquiries', {}, async () => ok((await latestInquiries()).map(inquiryView)));
