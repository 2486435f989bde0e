import { createRoute } from './org-unit-routes.js';

export const handler = createRoute('create-department', 'department');
