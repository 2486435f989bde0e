import type { Role } from '../../routes.js';

/** What the header shows (GET /api/v1/session and every successful sign-in). */
export interface SessionView {
  role: Role;
  user_name: string;
  company_name: string | null;
  /** Spec §3 "admin flag": 1 opens company accounts and announcements, which belong to the operator. */
  admin_flag: 0 | 1;
}

export const sessionView = (s: { role: Role; userName: string; companyName: string | null }): SessionView => ({
  role: s.role,
  user_name: s.userName,
  company_name: s.companyName,
  admin_flag: s.role === 'operator' ? 1 : 0,
});
