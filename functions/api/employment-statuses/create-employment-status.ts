import { createRoute } from '../departments/org-unit-routes.js';

export const handler = createRoute('create-employment-status', 'employmentStatus');
