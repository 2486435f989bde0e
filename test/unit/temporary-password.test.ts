/**
 * The temporary password the admin's パスワードを再設定 mails (issue 18 item 7): it must pass the same
 * policy a person's own password must (the pool would refuse it otherwise) and differ every time.
 */
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../functions/services/sessions/sign-in.js';
import { temporaryPassword } from '../../functions/services/staff-password-reset.js';

describe('temporaryPassword', () => {
  it('meets the pool policy and the common-password check, 16 characters without look-alikes, never twice the same', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = temporaryPassword();
      expect(passwordProblem(password), password).toBeNull();
      expect(password).toHaveLength(16);
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
