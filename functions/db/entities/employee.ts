import { createSchema } from 'electrodb';
import { listOrderKey, nameSearchKey } from '../../domain/staff-identity.js';

/** A staff member's profile. Retired staff keep their item (attendance must be kept five years). */
export const Employee = createSchema({
  model: { entity: 'employee', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    lastName: { type: 'string', required: true },
    firstName: { type: 'string', required: true },
    /** 社員番号: unique in the company (a UniqueValue guards it), the key of every payroll export. */
    employeeNumber: { type: 'string' },
    /** 氏名のフリガナ (全角カタカナ, 姓と名 separated by a space): lists sort in 五十音 order by it. */
    nameKana: { type: 'string' },
    email: { type: 'string', required: true },
    /** Cognito username (= sub) in the matching pool: to disable the user and end their sessions. */
    userSub: { type: 'string' },
    cell: { type: 'string' },
    birthday: { type: 'string' },
    /** The latest department and status (a scheduled move's target): lists, filters and unit counts. */
    departmentId: { type: 'string' },
    employmentStatusId: { type: 'string' },
    /**
     * The department / status history (domain/staff-assignment.ts, issue 29 item 11): versions
     * `{ from, departmentId?, employmentStatusId? }` sorted by `from` (YYYY-MM-DD; '' for the first, "since
     * always"), written by a move; every day is computed with the version in force on it. Absent (staff
     * stored before it, or never moved) = always `departmentId` / `employmentStatusId`.
     */
    assignments: { type: 'any' },
    status: { type: ['active', 'retired'] as const, required: true, default: 'active' },
    /** 雇入れの日 (paid leave): without it no statutory grant is made. */
    hireDate: { type: 'string' },
    /** 退職日 (YYYY-MM-DD): the last day employed (1年単位の変形 settles a leaver on their own span, 32条の4の2). */
    leaveDate: { type: 'string' },
    /**
     * 記録開始前の有給取得日数: paid-leave days (half days 0.5) the admin states the member took before the
     * product's records of them began (the later of the hire date and the company's first day of use),
     * in the five-day window running then; absent = not stated (that window is 要確認). Staff form, audited.
     */
    leaveTakenBeforeRecords: { type: 'number' },
    /** Scheduled working pattern (比例付与): per week (days, hours) or per year (days, hours). Absent = full time. */
    patternBasis: { type: ['week', 'year'] as const },
    daysPerWeek: { type: 'number' },
    daysPerYear: { type: 'number' },
    weeklyHours: { type: 'number' },
    /**
     * Bumped by every write that changes the paid-leave balance (a grant; a paid-leave filing, decision
     * or withdrawal), each conditional on the value it read: two filings racing on one balance cannot
     * both pass the check, and the ledger below moves in step.
     */
    leaveSeq: { type: 'number' },
    /**
     * The paid-leave ledger (db/leave-ledger.ts): the grants and the pending or approved paid-leave
     * takings, kept in the same transaction as each of them, so a page of staff carries its balances
     * and no list reads the company's grants. Current when `leaveLedgerSeq` equals `leaveSeq` (absent
     * reads as 0); a new member starts with an empty one.
     */
    leaveLedger: { type: 'any', default: () => ({ grants: [], takings: [] }) },
    leaveLedgerSeq: { type: 'number', default: 0 },
    /** Optional mail kinds this person turned off (domain/mail-templates.ts OPTIONAL_MAIL_KINDS). */
    mailOptOut: { type: 'list', items: { type: 'string' } },
    /** The language this person reads the product in (issue 31; shared/i18n LANGUAGES); absent = the browser's, then the company's. */
    language: { type: 'string' },
    /**
     * 五十音 order key (domain/staff-identity.ts `listOrderKey`), kept by ElectroDB from the names on
     * every write that sets them: a put has them all; an update that changes one must set all three
     * (db/staff.ts `patchStaff` sets the current フリガナ when it is not being changed).
     */
    listOrder: {
      type: 'string',
      watch: ['lastName', 'firstName', 'nameKana'],
      set: (_value, item) => {
        // A write that sets one name without the others would key the member under a wrong name.
        if (typeof item.lastName !== 'string' || typeof item.firstName !== 'string')
          throw new Error('set lastName and firstName (and nameKana, if any) together');
        const kana = typeof item.nameKana === 'string' ? item.nameKana : null;
        return listOrderKey(kana, `${item.lastName} ${item.firstName}`);
      },
    },
    /**
     * The 氏名 as a search key (domain/staff-identity.ts `nameSearchKey`): the staff pickers find a member
     * by the first characters of 姓名 (漢字 included) with one Query of `byName`. Kept from the names
     * like `listOrder` (a write that sets one name sets both).
     */
    nameKey: {
      type: 'string',
      watch: ['lastName', 'firstName'],
      set: (_value, item) => {
        if (typeof item.lastName !== 'string' || typeof item.firstName !== 'string')
          throw new Error('set lastName and firstName together');
        return nameSearchKey(item.lastName, item.firstName);
      },
    },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    // Staff list of a company (one Query); one employee by id (GetItem).
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['employeeId'], template: 'employee#${employeeId}', casing: 'none' },
    },
    // The active (or retired) staff of a company in 五十音 order, a page at a time (gsi1): the staff
    // list and 勤怠集計 read one page per call whatever the company's size (issue 19).
    byListOrder: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['companyId', 'status'],
        template: 'c#${companyId}#staff#${status}',
        casing: 'none',
      },
      sk: {
        field: 'gsi1sk',
        composite: ['listOrder', 'employeeId'],
        template: '${listOrder}#${employeeId}',
        casing: 'none',
      },
    },
    // The active (or retired) staff of a company by 氏名 (gsi2): a search by the first characters of
    // 姓名 is one Query page (begins_with), whatever the company's size (issue 19).
    byName: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['companyId', 'status'],
        template: 'c#${companyId}#staffname#${status}',
        casing: 'none',
      },
      sk: {
        field: 'gsi2sk',
        composite: ['nameKey', 'employeeId'],
        template: '${nameKey}#${employeeId}',
        casing: 'none',
      },
    },
  },
});
