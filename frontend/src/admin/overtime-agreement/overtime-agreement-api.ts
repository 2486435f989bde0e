import type { AgreementBody } from '../../../../functions/api/work-status/agreement-schemas';
import type { AgreementSettingsView, AgreementVersionView } from '../../../../functions/api/work-status/views';
import { api } from '../../lib/api';

export type { AgreementSettingsView as AgreementSettings, AgreementVersionView as AgreementVersion, AgreementBody };

/** The 36協定 settings in force today and every version. */
export const getAgreement = () => api.get<AgreementSettingsView>('/api/v1/overtime_agreement');
export const saveAgreement = (body: AgreementBody) =>
  api.put<AgreementSettingsView>('/api/v1/overtime_agreement', body);
