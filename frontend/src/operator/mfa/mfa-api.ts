import type { MfaEnrolledView, TotpEnrolmentView } from '../../../../functions/api/operator-mfa/views';
import { api } from '../../lib/api';

/** A new TOTP secret: the backend's own type. */
export type TotpEnrolment = TotpEnrolmentView;

const path = '/api/v1/operator_mfa';

/** A new secret (replaces one not yet confirmed). */
export const startEnrolment = () => api.post<TotpEnrolment>(path);
export const confirmEnrolment = (code: string) => api.put<MfaEnrolledView>(path, { code });
