import { decide } from '../shared/requests.js';

export const handler = decide('decide-over-work-request', 'over_work');
