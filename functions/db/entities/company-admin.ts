import { createSchema } from 'electrodb';

/** A company administrator account (admin Cognito pool). */
export const CompanyAdmin = createSchema({
  model: { entity: 'companyAdmin', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    adminId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    /** Cognito username (= sub) in the matching pool: to disable the user and end their sessions. */
    userSub: { type: 'string' },
    /** Spec §3 "admin flag": 1 grants extra rights. Company admins here are 0; operator rights live in their own pool. */
    adminFlag: { type: 'number', required: true, default: 0 },
    status: { type: ['active', 'disabled'] as const, required: true, default: 'active' },
    /** Optional mail kinds this person turned off (domain/mail-templates.ts OPTIONAL_MAIL_KINDS). */
    mailOptOut: { type: 'list', items: { type: 'string' } },
    /** The language this person reads the product in (issue 31; shared/i18n LANGUAGES); absent = the browser's, then the company's. */
    language: { type: 'string' },
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
    // A company's admins; one admin by id (session checks).
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['adminId'], template: 'admin#${adminId}', casing: 'none' },
    },
  },
});
