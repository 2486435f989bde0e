import type { Principal } from '../shared/auth/session.js';
import { DEFAULT_LANGUAGE, availableLanguages, matchAcceptLanguage } from '../shared/i18n/index.js';
import { db, type Db } from './service.js';

const known = (language: string | undefined) =>
  language !== undefined && availableLanguages().includes(language) ? language : undefined;

/** The caller's own language setting (one GetItem on their employee or admin item), if any. */
async function ownLanguage(principal: Principal, service: Db = db()): Promise<string | undefined> {
  if (!principal.companyId || !principal.userId) return undefined;
  if (principal.role === 'employee') {
    const { data } = await service.entities.Employee.get({
      companyId: principal.companyId,
      employeeId: principal.userId,
    }).go({ attributes: ['language'] });
    return known(data?.language);
  }
  if (principal.role === 'admin') {
    const { data } = await service.entities.CompanyAdmin.get({
      companyId: principal.companyId,
      adminId: principal.userId,
    }).go({ attributes: ['language'] });
    return known(data?.language);
  }
  return undefined;
}

/** The company's default language (one GetItem), if set. */
async function companyLanguage(companyId: string, service: Db = db()): Promise<string | undefined> {
  const { data } = await service.entities.Company.get({ companyId }).go({ attributes: ['language'] });
  return known(data?.language);
}

/**
 * The language a caller is answered in (issue 31): their own setting, else the browser's
 * `Accept-Language`, else their company's default, else Japanese. Reads only what the earlier sources
 * leave open (at most two GetItems); read on an error or the session route, never per list item.
 */
export async function callerLanguage(
  principal: Principal | null,
  acceptLanguage: string | undefined,
  service: Db = db(),
): Promise<string> {
  const own = principal ? await ownLanguage(principal, service) : undefined;
  if (own) return own;
  const browser = matchAcceptLanguage(acceptLanguage);
  if (browser) return browser;
  const company = principal?.companyId ? await companyLanguage(principal.companyId, service) : undefined;
  return company ?? DEFAULT_LANGUAGE;
}
