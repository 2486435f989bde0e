import { createSchema } from 'electrodb';

/**
 * The mark of a closed company in the company's own partition (issue 30 item 4). Every authenticated
 * request reads it together with its session (one BatchGetItem): a closed company's admins and staff are
 * refused on their next request, before the background close disables each user. It lives in `c#<co>`
 * rather than on the platform's company item so that the session check of every tenant does not read
 * one platform partition. Written with the company's `closed` status in one transaction; a company is
 * never reopened, so the mark is never removed.
 */
export const CompanyClosure = createSchema({
  model: { entity: 'companyClosure', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    closedAt: { type: 'string', required: true },
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      // Sorts before `department#…`: outside the staff-and-units key range (db/staff.ts).
      sk: { field: 'sk', composite: [], template: 'company-closed', casing: 'none' },
    },
  },
});
