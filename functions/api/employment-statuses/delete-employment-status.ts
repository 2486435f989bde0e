import { deleteRoute } from '../departments/org-unit-routes.js';

export const handler = deleteRoute('delete-employment-status', 'employmentStatus');
