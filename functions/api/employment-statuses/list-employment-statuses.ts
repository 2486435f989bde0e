import { listRoute } from '../departments/org-unit-routes.js';

export const handler = listRoute('list-employment-statuses', 'employmentStatus');
