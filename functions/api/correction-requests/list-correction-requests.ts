import { listRequests } from '../request-routes.js';

/** 打刻修正の承認: the employee's own correction requests, or (admin, ?year&month) the company's month. */
export const handler = listRequests('list-correction-requests', 'correction');
