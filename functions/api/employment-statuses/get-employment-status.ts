import { getRoute } from '../departments/org-unit-routes.js';

export const handler = getRoute('get-employment-status', 'employmentStatus');
