import { listRoute } from './org-unit-routes.js';

export const handler = listRoute('list-departments', 'department');
