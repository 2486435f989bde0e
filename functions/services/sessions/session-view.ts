import type { Role } from '../../routes.js';

/** What the header shows (GET /api/v1/session and every successful sign-in). */
export interface SessionView {
  role: Role;
  user_name: string;
  company_name: string | null;
  /** Spec §3 "admin flag": 1 opens company accounts and announcements, which belong to the operator. */
  admin_flag: 0 | 1;
  /** The company's IANA zone: the SPA shows clocks and dates in it. */
  time_zone: string;
  /** Operators only: signed in without TOTP, so the SPA shows nothing but the enrolment page. */
  mfa_pending?: boolean;
  /** GET /api/v1/session: the language in force (own setting, else browser, else company; issue 31). */
  language?: string;
}

export const sessionView = (s: {
  role: Role;
  userName: string;
  companyName: string | null;
  timeZone: string;
  mfaPending?: boolean;
}): SessionView => ({
  role: s.role,
  user_name: s.userName,
  company_name: s.companyName,
  admin_flag: s.role === 'operator' ? 1 : 0,
  time_zone: s.timeZone,
  ...(s.role === 'operator' ? { mfa_pending: s.mfaPending === true } : {}),
});
