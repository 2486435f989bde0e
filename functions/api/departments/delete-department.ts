import { deleteRoute } from './org-unit-routes.js';

export const handler = deleteRoute('delete-department', 'department');
