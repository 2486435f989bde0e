import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { STAFF_IMPORT_MESSAGES } from '../../domain/staff-import.js';
import { IMPORT_BODY_BYTES, ImportBodySchema, checkImport, previewView } from './import-validation.js';

/**
 * スタッフ一括登録の確認: every row of the uploaded CSV with its problems (row number, column, message)
 * and whether the whole file can be registered. Writes nothing.
 */
export const handler = api(
  'preview-employee-import',
  { body: ImportBodySchema, invalidMessage: STAFF_IMPORT_MESSAGES.defect, maxBodyBytes: IMPORT_BODY_BYTES },
  async ({ body, principal, language }) =>
    ok(previewView(await checkImport(principal.companyId, body.file), await language())),
);
