import type { CompanyView } from '../../../../functions/domain/company-schema';
import type { CompanyCloseJobView } from '../../../../functions/services/company-accounts';
import { api } from '../../lib/api';

export type Company = CompanyView;

/** What the form sends (spec §7): flat fields; a blank password on edit keeps the current one. */
export interface CompanyInput {
  name: string;
  staff_name: string;
  cell: string;
  email: string;
  password: string;
  plan: number;
  has_option: boolean;
}

/** Plan = months of the contract (the landing page's plans). */
export const PLAN_MONTHS = [1, 6, 12] as const;

const base = '/api/v1/companies';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const listCompanies = () => api.get<Company[]>(base);
export const getCompany = (id: string) => api.get<Company>(one(id));
export const createCompany = (input: CompanyInput) => api.post<Company>(base, input);
export const updateCompany = (id: string, input: CompanyInput) => api.put<Company>(one(id), input);
/** A close's background job: admins and staff disabled so far (null total until counted). */
export type CloseJob = CompanyCloseJobView;
/** Closes the account at once; its users are disabled in the background (the answer's job). */
export const deleteCompany = (id: string) => api.delete<{ id: string; close_job: CloseJob }>(one(id));
/** The last close's progress (null for a company never closed). */
export const getCompanyClosing = (id: string) => api.get<CloseJob | null>(`${one(id)}/closing`);
