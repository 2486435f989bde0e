/** The answers of the operator MFA enrolment routes, declared once: the SPA imports these types. */

/** `POST /api/v1/operator_mfa`: a new TOTP secret and the URI the authenticator app scans. */
export interface TotpEnrolmentView {
  secret: string;
  otpauth_uri: string;
}

/** `PUT /api/v1/operator_mfa`: TOTP is now required; the session is no longer restricted. */
export interface MfaEnrolledView {
  mfa_pending: false;
  message: string;
}
