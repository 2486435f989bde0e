import { ConflictError, NotFoundError, awsErrorName } from '../shared/errors.js';
import { outboxInTransaction, type OutboxMail } from './mail-outbox.js';
import { db, type Db } from './service.js';

/** Who a company-wide mail goes to: the company's active admins with their mail settings (one Query). */
export async function adminMailRecipients(companyId: string, service: Db = db()) {
  const { data } = await service.entities.CompanyAdmin.query
    .byCompany({ companyId })
    .go({ pages: 'all', attributes: ['adminId', 'name', 'email', 'status', 'mailOptOut'] });
  return data.filter((a) => a.status === 'active');
}

/** One employee's name, address and mail settings (GetItem), or null. */
export async function employeeMailRecipient(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go({
    attributes: ['employeeId', 'lastName', 'firstName', 'email', 'status', 'mailOptOut', 'language'],
  });
  return data;
}

/** One admin's mail settings (GetItem), or null. */
export async function findAdminMailSettings(companyId: string, adminId: string, service: Db = db()) {
  const { data } = await service.entities.CompanyAdmin.get({ companyId, adminId }).go({
    attributes: ['adminId', 'mailOptOut', 'language'],
  });
  return data;
}

/** The mail kinds an employee turned off, and their language (one UpdateItem on their profile); the language stored. */
export async function setEmployeeMailOptOut(
  companyId: string,
  employeeId: string,
  kinds: string[],
  /** Also sets the language (issue 31), or clears it with null; undefined leaves it. */
  language?: string | null,
  service: Db = db(),
): Promise<string | undefined> {
  const patch = service.entities.Employee.patch({ companyId, employeeId }).set({
    mailOptOut: kinds,
    ...(language ? { language } : {}),
  });
  const { data } = await (language === null ? patch.remove(['language']) : patch)
    .go({ response: 'all_new' })
    .catch(notFoundOnCondition);
  return data.language;
}

/** The mail kinds an admin turned off, and their language (one UpdateItem on the admin); the language stored. */
export async function setAdminMailOptOut(
  companyId: string,
  adminId: string,
  kinds: string[],
  /** Also sets the language (issue 31), or clears it with null; undefined leaves it. */
  language?: string | null,
  service: Db = db(),
): Promise<string | undefined> {
  const patch = service.entities.CompanyAdmin.patch({ companyId, adminId }).set({
    mailOptOut: kinds,
    ...(language ? { language } : {}),
  });
  const { data } = await (language === null ? patch.remove(['language']) : patch)
    .go({ response: 'all_new' })
    .catch(notFoundOnCondition);
  return data.language;
}

/**
 * The attendance days of these employees on these dates that have a 出勤 and no 退勤 (BatchGetItem,
 * 100 keys a request): the daily job's missed-punch candidates.
 */
export async function openDays(
  companyId: string,
  employeeIds: readonly string[],
  dates: readonly string[],
  service: Db = db(),
) {
  const keys = employeeIds.flatMap((employeeId) => dates.map((workDate) => ({ companyId, employeeId, workDate })));
  if (keys.length === 0) return [];
  const { data } = await service.entities.AttendanceDay.get(keys).go({
    attributes: ['employeeId', 'workDate', 'punchInAt', 'punchOutAt', 'leaveType'],
  });
  return data.filter((d) => d.punchInAt && !d.punchOutAt && d.leaveType === undefined);
}

/** patch() requires the item: a missing profile is a 404, not a new item. */
function notFoundOnCondition(error: unknown): never {
  if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new NotFoundError();
  throw error;
}

const NOTICE_KEEP_SECONDS = 400 * 24 * 3600;

/**
 * Claims a scheduled notice and stores its mails in the outbox, in one transaction: the conditional
 * create of the claim only one run wins, so a rerun stores (and sends) nothing twice, and a claimed
 * notice always has its mails stored — the outbox sends them, trying again while the server is down.
 * True when this call claimed it (send the mails), false when an earlier run already did.
 */
export async function claimMailNotice(
  companyId: string,
  key: string,
  mails: readonly OutboxMail[],
  now: Date = new Date(),
  service: Db = db(),
): Promise<boolean> {
  const result = await service.transaction
    .write((entities) => [
      entities.MailNotice.create({
        companyId,
        key,
        expiresAt: Math.floor(now.getTime() / 1000) + NOTICE_KEEP_SECONDS,
      }).commit(),
      ...outboxInTransaction(entities, mails),
    ])
    .go();
  if (!result.canceled) return true;
  if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
  throw new ConflictError();
}
