import { createSchema } from 'electrodb';

/** Where one row of a スタッフ一括登録 has got to (issue 30 item 11); see db/staff-import-rows.ts. */
const STAFF_IMPORT_ROW_STATES = ['pending', 'user', 'registered', 'mailing', 'mailed', 'failed'] as const;
export type StaffImportRowState = (typeof STAFF_IMPORT_ROW_STATES)[number];

/**
 * A bulk import's intent for one e-mail of a company, written before anything else is done for the row
 * (issue 30 item 11: a worker that died between creating the Cognito user and the profile left an e-mail
 * taken by nobody). `pending` (the member's id chosen, nothing made yet) → `user` (the Cognito user made,
 * its username kept) → `registered` (the profile written) → `mailing` (the welcome mail about to go) →
 * `mailed`; `failed` when the row could not be registered (nothing of it kept). Keyed by the e-mail, so a
 * rerun of the same job and a later import of the same file both find it and carry on from its state.
 * Kept, like the e-mail's unique item, while the member is: a file uploaded again skips rows it registered.
 * A member whose e-mail changes leaves it stale: the next import of that e-mail starts it afresh.
 */
export const StaffImportRow = createSchema({
  model: { entity: 'staffImportRow', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** Lower case, as the e-mail's unique item (db/staff.ts staffEmailGuard). */
    email: { type: 'string', required: true, readOnly: true },
    /** The import holding the row now, its run working on it, and the row's number in its file. */
    importId: { type: 'string', required: true },
    runId: { type: 'string', required: true },
    row: { type: 'number', required: true },
    /** The member's id, chosen before the Cognito user (its `custom:employee_id`) is made. */
    employeeId: { type: 'string', required: true, readOnly: true },
    state: { type: STAFF_IMPORT_ROW_STATES, required: true },
    /** The Cognito username, once the user is made. */
    username: { type: 'string' },
    /** The row's 社員番号 (its unique key, employeeNumberKey), or absent. */
    numberKey: { type: 'string' },
    /** The import whose run wrote the profile: its result counts the row as registered by it. */
    registeredBy: { type: 'string' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#staff-import-rows', casing: 'none' },
      sk: { field: 'sk', composite: ['email'], template: 'email#${email}', casing: 'none' },
    },
  },
});
