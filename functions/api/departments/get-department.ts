import { getRoute } from './org-unit-routes.js';

export const handler = getRoute('get-department', 'department');
