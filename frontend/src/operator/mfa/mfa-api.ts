import { api } from '../../lib/api';

export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
}

const path = '/api/v1/operator_mfa';

/** A new secret (replaces one not yet confirmed). */
export const startEnrolment = () => api.post<TotpEnrolment>(path);
export const confirmEnrolment = (code: string) => api.put<{ mfa_pending: false }>(path, { code });
