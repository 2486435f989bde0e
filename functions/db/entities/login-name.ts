import { createSchema } from 'electrodb';

/**
 * The login index (issue 30 item 3): one item per company user (employee or company admin) under the
 * e-mail they sign in with, normalised (trimmed, lower case), so that sign-in finds every account of an
 * address with one Query. The same e-mail may belong to users of several companies (a person working for
 * two client companies); inside one company it stays unique (db/staff.ts staffEmailGuard, one admin per
 * company). Written in the same transaction as the user's record, moved with an e-mail change.
 */
export const LoginName = createSchema({
  model: { entity: 'loginName', version: '1', service: 'kintai' },
  attributes: {
    /** The pool: employee or admin (the operator signs in by e-mail, no index). */
    pool: { type: ['employee', 'admin'] as const, required: true, readOnly: true },
    /** The e-mail, trimmed and lower-cased (db/logins.ts loginKey). */
    email: { type: 'string', required: true, readOnly: true },
    companyId: { type: 'string', required: true, readOnly: true },
    /** The employee id or the admin id. */
    userId: { type: 'string', required: true, readOnly: true },
    /** The Cognito username of the user (shared/pool-users.ts poolUsername). */
    username: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['pool', 'email'], template: 'login#${pool}#${email}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['companyId', 'userId'],
        template: 'account#${companyId}#${userId}',
        casing: 'none',
      },
    },
  },
});
