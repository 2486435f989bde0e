import { decide } from '../request-routes.js';

/** Approve (applies the correction, db/requests.ts decideCorrection) or reject a correction request. */
export const handler = decide('decide-correction-request', 'correction');
