import { updateRoute } from '../departments/org-unit-routes.js';

export const handler = updateRoute('update-employment-status', 'employmentStatus');
