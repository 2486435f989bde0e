import { deleteRequest } from '../request-routes.js';

/** Withdraw an own correction request while it waits (取り下げ); the day was never changed. */
export const handler = deleteRequest('delete-correction-request', 'correction');
