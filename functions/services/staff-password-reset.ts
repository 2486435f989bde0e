/**
 * The admin's "パスワードを再設定" on the staff edit screen (issue 18 item 7): a new temporary password
 * generated here (nobody types or sees it but the staff member, in the mail), set non-permanent so
 * the next sign-in asks for their own as after registration, and the member's sessions ended.
 */
import { randomInt } from 'node:crypto';
import { endSessions } from '../db/sessions.js';
import { activeStaffMember } from '../db/staff.js';
import { isCommonPassword } from '../domain/password-strength.js';
import { PASSWORD_POLICY } from '../config/pools.js';
import { ok, withAudit, type Reply } from '../shared/http.js';
import { MESSAGES } from '../shared/messages.js';
import { notify } from './notify.js';
import { resetToTemporaryPassword } from './temporary-passwords.js';

/** No look-alikes (0/O, 1/l/I): the member types it from the mail. */
const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#$%&*+-=?@'] as const;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** A temporary password meeting the pool's policy: every class at least once, 16 characters, shuffled. */
export function temporaryPassword(length = Math.max(16, PASSWORD_POLICY.minLength)): string {
  for (;;) {
    const all = CLASSES.join('');
    const chars = [...CLASSES.map(pick), ...Array.from({ length: length - CLASSES.length }, () => pick(all))];
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (!isCommonPassword(password)) return password;
  }
}

/** Resets one active staff member of the admin's company (another company's id is a 404). */
export async function resetStaffPassword(companyId: string, employeeId: string): Promise<Reply> {
  const member = await activeStaffMember(companyId, employeeId);
  const password = temporaryPassword();
  await resetToTemporaryPassword('employee', member.userSub ?? member.email, password);
  if (member.userSub) await endSessions(member.userSub);
  await notify({
    kind: 'password_reset_by_admin',
    companyId,
    employeeId,
    email: member.email,
    name: `${member.lastName} ${member.firstName}`,
    temporaryPassword: password,
  });
  return withAudit(ok({ id: employeeId, message: MESSAGES.staffPasswordResetSent }), { targetId: employeeId });
}
