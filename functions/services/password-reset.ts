/**
 * "パスワードをお忘れの方" (issue 18 item 7), done by the product rather than Cognito's own
 * ForgotPassword: cognito-local never mails Cognito's codes, and the code must go out through the
 * product's mailer (services/notify.ts, Japanese template, SES on AWS) like every other mail.
 *
 * Start: whatever the e-mail, the same 200 answer after the same minimum time (no account
 * enumeration); for an active account a random 6-digit code is stored as its keyed hash only, with
 * a 15-minute expiry, and mailed. Confirm: the code and a new password; five wrong codes write the
 * code off; the right one is used up, the password set (permanent) and the user's sessions ended.
 * Both are rate-limited per client address, the start also per e-mail.
 */
import { randomInt } from 'node:crypto';
import { countWrongCode, findResetCode, putResetCode, takeResetCode } from '../db/password-resets.js';
import { consumeRateLimit, type RateLimitRule } from '../db/rate-limits.js';
import { endSessions } from '../db/sessions.js';
import { addressKey } from '../shared/client-address.js';
import { clock } from '../shared/clock.js';
import { awsErrorName, TooManyRequestsError, ValidationError } from '../shared/errors.js';
import { ok, type Reply } from '../shared/http.js';
import { MESSAGES } from '../shared/messages.js';
import { setPoolUserPassword } from '../shared/pool-users.js';
import { activeLoginAccounts } from './login-accounts.js';
import { equalStrings, hmac } from '../shared/signing.js';
import { notifyPlatform } from './notify.js';
import { assertPasswordPolicy } from './sessions/sign-in.js';

export type ResetAudience = 'employee' | 'admin';

export const PASSWORD_RESET_LIMITS = {
  /** How long a mailed code stays usable. */
  codeSeconds: 15 * 60,
  /** Wrong codes before the code is written off (a new one must be sent). */
  maxAttempts: 5,
  /** Codes sent per sign-in page and e-mail (known or not: the limit says nothing about the account). */
  startPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  /** Codes asked for from one client address, across e-mails (an office shares its address). */
  startPerAddress: { limit: 50, windowSeconds: 60 * 60 },
  /** Confirmations tried from one client address, across e-mails. */
  confirmPerAddress: { limit: 30, windowSeconds: 15 * 60 },
} as const;

/**
 * Every start answers no sooner than this after it began, account or not: the lookup, the code
 * write and the mail of a real account then hide inside the same wait as an unknown e-mail's.
 */
export const START_MIN_MILLISECONDS = 800;

/**
 * Every refused confirmation answers no sooner than this after it began (issue 30 item 2): a wrong code
 * for a real account (a read, then the count's write) and any code for an unknown e-mail (a read of
 * nothing) then take the same time, as they give the same status and body.
 */
export const CONFIRM_MIN_MILLISECONDS = 400;

export const resetAccount = (audience: ResetAudience, email: string) =>
  hmac('reset', `${audience}:${email.toLowerCase()}`);
export const resetCodeHash = (account: string, code: string) => hmac('reset', `${account}:${code}`);
/** Six random digits (leading zeros kept). */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const throttled = (message: string) => (error: unknown) => {
  if (error instanceof TooManyRequestsError) throw new TooManyRequestsError(message, error.retryAfterSeconds);
  throw error;
};

async function limit(rule: RateLimitRule, message: string): Promise<void> {
  await consumeRateLimit(rule, clock.now()).catch(throttled(message));
}

/**
 * The accounts behind the e-mail that may reset: active users of active companies (issue 30 item 3: an
 * address may belong to users of several companies). The mailbox proves ownership of every one of them,
 * so one code resets them all; sign-in then asks which company, as the password opens each.
 */
async function resettableAccounts(audience: ResetAudience, email: string) {
  const accounts = await activeLoginAccounts(audience, email);
  if (!accounts.length) return null;
  return { usernames: accounts.map((a) => a.username), email: accounts[0]!.email, name: accounts[0]!.name };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

/** Step 1: send a code if the account exists. The answer is the same either way. */
export async function startPasswordReset(audience: ResetAudience, email: string, address: string): Promise<Reply> {
  const started = performance.now();
  await limit(
    { bucket: `reset-addr#${addressKey(address)}`, ...PASSWORD_RESET_LIMITS.startPerAddress },
    MESSAGES.passwordResetThrottled,
  );
  const account = resetAccount(audience, email);
  await limit(
    { bucket: `reset-account#${account}`, ...PASSWORD_RESET_LIMITS.startPerAccount },
    MESSAGES.passwordResetThrottled,
  );
  const found = await resettableAccounts(audience, email);
  if (found) {
    const code = newCode();
    await putResetCode({
      account,
      audience,
      username: found.usernames[0]!,
      usernames: found.usernames,
      codeHash: resetCodeHash(account, code),
      expiresAt: Math.floor(clock.now().getTime() / 1000) + PASSWORD_RESET_LIMITS.codeSeconds,
    });
    await notifyPlatform({ kind: 'password_reset_code', audience, email: found.email, name: found.name, code });
  }
  await sleep(START_MIN_MILLISECONDS - (performance.now() - started));
  return ok({ message: MESSAGES.passwordResetSent });
}

/**
 * One answer for every refused code — none sent, expired, for the other page, wrong, written off after
 * too many wrong tries — so that a guess at an e-mail's code tells nothing about whether the e-mail has
 * an account (issue 30 item 2). The count of wrong tries still writes a real account's code off.
 */
const codeRefused = () =>
  new ValidationError(MESSAGES.passwordResetCodeRefused, { code: [MESSAGES.passwordResetCodeRefused] });

/** Step 2: the mailed code and the new password. */
export async function confirmPasswordReset(
  audience: ResetAudience,
  email: string,
  code: string,
  password: string,
  address: string,
): Promise<Reply> {
  assertPasswordPolicy(password);
  await limit(
    { bucket: `reset-confirm-addr#${addressKey(address)}`, ...PASSWORD_RESET_LIMITS.confirmPerAddress },
    MESSAGES.tooManyRequests,
  );
  const started = performance.now();
  const refuse = async (): Promise<never> => {
    await sleep(CONFIRM_MIN_MILLISECONDS - (performance.now() - started));
    throw codeRefused();
  };
  const account = resetAccount(audience, email);
  const pending = await findResetCode(account, Math.floor(clock.now().getTime() / 1000));
  // No code, an expired one and one sent for another page: the same refusal as a wrong code.
  if (!pending || pending.audience !== audience) return refuse();
  if (pending.attempts >= PASSWORD_RESET_LIMITS.maxAttempts) return refuse();
  if (!equalStrings(pending.codeHash, resetCodeHash(account, code))) {
    // Counted even though the answer does not say so: the fifth wrong code writes this one off.
    await countWrongCode(account, pending.codeHash);
    return refuse();
  }
  // Used once: a concurrent confirmation with the same code loses here.
  if (!(await takeResetCode(account, pending.codeHash, PASSWORD_RESET_LIMITS.maxAttempts))) return refuse();
  // Every account of the address (codes stored before the list name one).
  for (const username of pending.usernames?.length ? pending.usernames : [pending.username]) {
    await setPoolUserPassword(audience, username, password).catch((error: unknown) => {
      const name = awsErrorName(error);
      if (name === 'InvalidPasswordException' || name === 'InvalidParameterException')
        throw new ValidationError(MESSAGES.passwordPolicy, { password: [MESSAGES.passwordPolicy] });
      throw error;
    });
    // Whoever knew the old password is signed out everywhere.
    await endSessions(username);
  }
  return ok({ message: MESSAGES.passwordResetDone });
}
