import { decide } from '../shared/requests.js';

export const handler = decide('decide-holiday-request', 'holiday');
