import { updateRoute } from './org-unit-routes.js';

export const handler = updateRoute('update-department', 'department');
