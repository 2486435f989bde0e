import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { findCompany, findCompanyAdmin } from '../../db/companies.js';
import { createSession } from '../../db/sessions.js';
import { findEmployee } from '../../db/staff.js';
import type { Role } from '../../routes.js';
import { COOKIE, CHALLENGE_SECONDS, DEVICE_SECONDS, SESSION_SECONDS } from '../../shared/auth/cookies.js';
import { deviceAccount, renewedDeviceCookie, trustedDevice } from '../../shared/auth/device-cookie.js';
import { newCsrfToken } from '../../shared/auth/csrf.js';
import { pools } from '../../shared/auth/pools.js';
import { newSessionId, sessionExpiry } from '../../shared/auth/session.js';
import { sessionSubject, verifyIdToken, type KeySource } from '../../shared/auth/tokens.js';
import { initiateAuth, respondToAuthChallenge, type AuthResult } from '../../shared/auth/cognito-public.js';
import {
  awsErrorName,
  CompanyChoiceRequiredError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from '../../shared/errors.js';
import {
  assertBrakesOpen,
  assertRateLimitOpen,
  consumeRateLimit,
  countBrake,
  recordBrakeEvent,
  refundBrake,
  useOnce,
  type BrakeRule,
  type BrakeState,
  type RateLimitRule,
} from '../../db/rate-limits.js';
import { clock } from '../../shared/clock.js';
import { addressKey } from '../../shared/client-address.js';
import { PASSWORD_POLICY, POOLS } from '../../config/pools.js';
import { clearCookie, ok, serializeCookie, type Reply } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { equalStrings, hmac } from '../../shared/signing.js';
import { isCommonPassword } from '../../domain/password-strength.js';
import { sessionView } from './session-view.js';
import { isIssuedTemporaryPassword } from '../temporary-passwords.js';
import { activeLoginAccounts, type ActiveLoginAccount } from '../login-accounts.js';

export const CredentialsSchema = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
});
/**
 * A company sign-in (employees, company admins): the credentials and, after the answer asked for it,
 * the company chosen (issue 30 item 3: the company id the choice listed as `company_code`).
 */
export const CompanyCredentialsSchema = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  company_code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[0-9a-z]+$/))),
});
export const NewPasswordSchema = z.strictObject({ password: z.string().check(z.minLength(1), z.maxLength(256)) });
/** A TOTP code as authenticator apps show it (spaces some apps insert are dropped). */
export const TotpCodeSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(16)),
    z.transform((v) => v.replace(/\s/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/)),
);

/** Body keys of spec §7: `user{…}`, `company{…}`, and `operator{…}` for the operator page. */
export const BODY_KEY = { employee: 'user', admin: 'company', operator: 'operator' } as const satisfies Record<
  Role,
  string
>;

const WRONG_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  // cognito-local reports a wrong password this way; AWS says NotAuthorizedException.
  'InvalidPasswordException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

const wrongCredentials = (error: unknown) => WRONG_CREDENTIALS.has(awsErrorName(error));

/** A wrong password as Cognito reports it, for a refusal the product makes itself. */
const notAuthorized = () =>
  Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });

/** Same answer for an unknown user, a wrong password and a disabled account: no hint which. */
const signInFailed = () => new UnauthenticatedError(MESSAGES.signInFailed);

interface Profile {
  userName: string;
  companyName: string | null;
  timeZone: string;
  companyId: string | null;
  userId: string | null;
}

/**
 * Cognito lets disabled users in (cognito-local always, AWS until the token expires): our records decide.
 * `known` is the account the sign-in already read active from the login index (same request, so no
 * second read of the company and the user): used only when the token names that very account.
 */
async function activeProfile(
  role: Role,
  claims: Record<string, unknown>,
  known?: ActiveLoginAccount,
): Promise<Profile | null> {
  if (role === 'operator')
    return { userName: '運営者', companyName: null, timeZone: 'Asia/Tokyo', companyId: null, userId: null };
  const companyId = claims['custom:company_id'];
  const userId = claims[role === 'employee' ? 'custom:employee_id' : 'custom:admin_id'];
  if (typeof companyId !== 'string' || typeof userId !== 'string') return null;
  if (known && known.companyId === companyId && known.userId === userId) {
    return { userName: known.name, companyName: known.companyName, timeZone: known.timeZone, companyId, userId };
  }
  const [company, user] = await Promise.all([
    findCompany(companyId),
    role === 'employee' ? findEmployee(companyId, userId) : findCompanyAdmin(companyId, userId),
  ]);
  if (!company || company.status !== 'active' || !user || user.status !== 'active') return null;
  const userName = 'lastName' in user ? `${user.lastName} ${user.firstName}` : user.name;
  return { userName, companyName: company.name, timeZone: company.timeZone, companyId, userId };
}

export interface SignInDeps {
  keys?: KeySource;
}

/** Who is signing in, as far as the brakes care: the client address and the device cookie sent. */
export interface SignInClient {
  address: string;
  device?: string | undefined;
}

/** The account a successful sign-in renews the device cookie for: the login name as typed. */
interface DeviceRenewal {
  login: string;
  cookie: string | undefined;
}

/**
 * Turns Cognito tokens into a server session and the three cookies. In a pool whose MFA the API
 * enforces, a sign-in that did not pass the TOTP challenge (the user has not enrolled) opens an
 * `mfaPending` session that can only enrol; it keeps the access token for that, server-side.
 */
async function startSession(
  role: Role,
  auth: AuthResult,
  device: DeviceRenewal,
  deps: SignInDeps,
  passedTotp = false,
  known?: ActiveLoginAccount,
): Promise<Reply> {
  if (!auth.IdToken) throw signInFailed();
  const verified = await verifyIdToken(auth.IdToken, deps.keys).catch(() => null);
  if (!verified || verified.role !== role) throw signInFailed();
  const profile = await activeProfile(role, verified.claims, known);
  if (!profile) throw signInFailed();

  const mfaPending = POOLS[role].mfa === 'totp-enforced-by-api' && !passedTotp;
  if (mfaPending && !auth.AccessToken) throw signInFailed();
  const sessionId = newSessionId();
  await createSession({
    sessionId,
    role,
    sub: sessionSubject(verified.claims),
    userName: profile.userName,
    timeZone: profile.timeZone,
    expiresAt: sessionExpiry(),
    ...(profile.companyId ? { companyId: profile.companyId } : {}),
    ...(profile.userId ? { userId: profile.userId } : {}),
    ...(profile.companyName ? { companyName: profile.companyName } : {}),
    ...(auth.RefreshToken ? { refreshToken: auth.RefreshToken } : {}),
    ...(mfaPending ? { mfaPending, accessToken: auth.AccessToken } : {}),
  });

  return ok(sessionView({ role, ...profile, mfaPending }), [
    serializeCookie(COOKIE.idToken, auth.IdToken, { maxAgeSeconds: SESSION_SECONDS }),
    serializeCookie(COOKIE.session, sessionId, { maxAgeSeconds: SESSION_SECONDS }),
    // A fresh CSRF token per session, bound to it (login CSRF and fixation).
    serializeCookie(COOKIE.csrf, newCsrfToken(sessionId), { httpOnly: false, maxAgeSeconds: SESSION_SECONDS }),
    clearCookie(COOKIE.challenge),
    // This browser is now known for this account: strangers' failures no longer brake it.
    serializeCookie(COOKIE.device, renewedDeviceCookie(device.cookie, deviceAccount(role, device.login), clock.now()), {
      maxAgeSeconds: DEVICE_SECONDS,
    }),
  ]);
}

function cognitoFailure(error: unknown): never {
  if (wrongCredentials(error)) throw signInFailed();
  throw error;
}

/**
 * Brute-force brakes, counted in DynamoDB (no in-memory state), after OWASP's device cookies:
 * - A browser that has signed in to the account (a valid device cookie for it) is braked on its own:
 *   `perDevice` failures in the window lock that browser only. Nobody else's failures touch it.
 * - Every other attempt on the account (unknown devices, from any address) counts in the account's
 *   `untrusted` brake: the first `free` pass, then each makes the next wait 1 s, 2 s, 4 s … at most
 *   `maxDelaySeconds` — a delay, never a lock, so a stranger cannot shut the owner out for long.
 * - Per client address, across accounts, failures of unknown devices only (spraying one password over
 *   many accounts), progressive as well: the staff of an office (or a mobile carrier's NAT) share one
 *   address, and one person's typos must not lock the others out; known devices skip it.
 * All answer 429 with the same message and a Retry-After.
 */
export const SIGN_IN_LIMITS = {
  perDevice: { limit: 10, windowSeconds: 15 * 60 },
  untrusted: { free: 10, maxDelaySeconds: 120, forgetSeconds: 60 * 60 },
  perAddress: { free: 30, maxDelaySeconds: 60, forgetSeconds: 15 * 60 },
  /** Wrong TOTP codes (the password was right): fixed windows in buckets of their own. */
  totpPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  totpPerAddress: { limit: 30, windowSeconds: 10 * 60 },
} as const;

const accountKey = (role: Role, login: string) => addressKey(`${role}:${login.toLowerCase()}`);
const addressBrake = (address: string): BrakeRule => ({
  bucket: `signin-addr#${addressKey(address)}`,
  ...SIGN_IN_LIMITS.perAddress,
});

/**
 * Where a refused password is counted: the known device's own window, or the address brake (with
 * its state as read before the attempt, so counting the failure is a single write).
 */
type Attempt = { device: RateLimitRule } | { address: BrakeRule; addressState: BrakeState; account: BrakeRule };

async function brake(role: Role, email: string, client: SignInClient): Promise<Attempt> {
  const now = clock.now();
  const known = trustedDevice(client.device, deviceAccount(role, email), now, DEVICE_SECONDS);
  if (known) {
    const device = { bucket: `signin-device#${known.nonce}`, ...SIGN_IN_LIMITS.perDevice };
    await assertRateLimitOpen(device, now).catch(throttled);
    return { device };
  }
  const address = addressBrake(client.address);
  const account: BrakeRule = { bucket: `signin-untrusted#${accountKey(role, email)}`, ...SIGN_IN_LIMITS.untrusted };
  const [addressState, state] = await assertBrakesOpen([address, account], now).catch(throttled);
  await countBrake(account, state!, now).catch(throttled);
  return { address, addressState: addressState!, account };
}

/** A refused password counts against the device or the client address; the answer stays the same 401. */
async function passwordRefused(error: unknown, attempt: Attempt): Promise<never> {
  if (wrongCredentials(error)) {
    if ('device' in attempt) {
      await consumeRateLimit(attempt.device, clock.now()).catch((e: unknown) => {
        if (!(e instanceof TooManyRequestsError)) throw e;
      });
    } else {
      await recordBrakeEvent(attempt.address, clock.now(), undefined, attempt.addressState);
    }
  }
  return cognitoFailure(error);
}

const throttled = (error: unknown): never => {
  if (error instanceof TooManyRequestsError)
    throw new TooManyRequestsError(MESSAGES.signInThrottled, error.retryAfterSeconds);
  throw error;
};

/** What Cognito answered to one account's password, when it accepted it. */
type Accepted = { out: Awaited<ReturnType<typeof initiateAuth>>; username: string };

/**
 * The password tried against one account: Cognito's answer, or null for a refused password. A user on a
 * temporary password must have typed the one the product issued (issue 30 item 1): cognito-local answers
 * the challenge to any password, so a wrong one is refused like any wrong password — checked against
 * THIS account's issued password.
 */
async function tryPassword(role: Role, username: string, password: string, names: string[]): Promise<Accepted | null> {
  const out = await initiateAuth({
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pools()[role].clientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  }).catch((error: unknown) => {
    if (wrongCredentials(error)) return null;
    throw error;
  });
  if (!out) return null;
  const challenged = out.ChallengeParameters?.USER_ID_FOR_SRP ?? username;
  if (
    out.ChallengeName === 'NEW_PASSWORD_REQUIRED' &&
    !(await isIssuedTemporaryPassword(role, [challenged, username, ...names], password))
  ) {
    return null;
  }
  return { out, username: challenged };
}

/** A name no pool user has: an unknown e-mail still costs one Cognito call, like a known one. */
const NOBODY = 'unknown.0000000000000000000000000';

/**
 * The accounts the password opens. The operator signs in by e-mail (one account). A company user may
 * have accounts in several companies under one e-mail (issue 30 item 3): the login index lists them, and
 * the password is tried against each active one — or only the chosen company's, with `companyCode`.
 */
async function acceptedAccounts(role: Role, email: string, password: string, companyCode: string | undefined) {
  if (role === 'operator') {
    const one = await tryPassword(role, email, password, [email]);
    return one ? [{ ...one, company: null }] : [];
  }
  const accounts = (await activeLoginAccounts(role, email)).filter(
    (a) => companyCode === undefined || a.companyId === companyCode,
  );
  if (!accounts.length) {
    await tryPassword(role, NOBODY, password, []);
    return [];
  }
  const tried = await Promise.all(
    accounts.map(async (a) => {
      // A member stored before usernames were ids was keyed by the e-mail for the temporary password.
      const one = await tryPassword(role, a.username, password, [a.email]);
      return one ? [{ ...one, company: a }] : [];
    }),
  );
  return tried.flat();
}

export async function signIn(
  role: Role,
  email: string,
  password: string,
  client: SignInClient,
  deps: SignInDeps = {},
  companyCode?: string,
): Promise<Reply> {
  // One attempt per sign-in, however many accounts the e-mail has.
  const attempt = await brake(role, email, client);
  const accepted = await acceptedAccounts(role, email, password, companyCode);
  // No account took the password: the same answer as an unknown e-mail, counted as today.
  if (!accepted.length) return passwordRefused(notAuthorized(), attempt);
  // The password was right: this attempt was no guess, so it does not stay on the account's brake.
  if ('account' in attempt) await refundBrake(attempt.account);
  if (accepted.length > 1) {
    // Only someone who knows the password learns these companies: the ones it opens, nothing else.
    throw new CompanyChoiceRequiredError(
      MESSAGES.signInCompanyRequired,
      accepted
        .map(({ company }) => ({ company_code: company!.companyId, company_name: company!.companyName }))
        .sort((a, b) => a.company_name.localeCompare(b.company_name, 'ja')),
    );
  }
  const { out, username, company } = accepted[0]!;

  if (out.ChallengeName === 'NEW_PASSWORD_REQUIRED' && out.Session) {
    return ok({ challenge: 'NEW_PASSWORD_REQUIRED', message: MESSAGES.newPasswordRequired }, [
      // The temporary password's keyed hash: the new one must differ (the admin who set it knows it).
      challengeCookie({
        k: 'NEW_PASSWORD_REQUIRED',
        u: username,
        e: email,
        s: out.Session,
        t: hmac('challenge', password),
      }),
    ]);
  }
  if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && out.Session && POOLS[role].mfa !== 'off') {
    return ok({ challenge: 'SOFTWARE_TOKEN_MFA' }, [
      challengeCookie({ k: 'SOFTWARE_TOKEN_MFA', u: username, e: email, s: out.Session }),
    ]);
  }
  if (!out.AuthenticationResult) throw signInFailed();
  return startSession(
    role,
    out.AuthenticationResult,
    { login: email, cookie: client.device },
    deps,
    false,
    company ?? undefined,
  );
}

/** Cognito's challenge session stays in an HttpOnly cookie: the SPA never sees it. */
const ChallengeCookieSchema = z.object({
  k: z.enum(['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA']),
  u: z.string().check(z.minLength(1), z.maxLength(256)),
  /** The login name as typed: the device cookie is issued for it. */
  e: z.optional(z.string().check(z.maxLength(254))),
  s: z.string().check(z.minLength(1), z.maxLength(4096)),
  t: z.optional(z.string().check(z.maxLength(64))),
});
type ChallengeCookie = z.infer<typeof ChallengeCookieSchema>;

/** Signed, so the browser can't drop or change what it carries (the temporary password's hash). */
const challengeCookie = (value: ChallengeCookie) => {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return serializeCookie(COOKIE.challenge, `${payload}.${hmac('challenge', payload)}`, {
    maxAgeSeconds: CHALLENGE_SECONDS,
  });
};

function readChallenge(cookie: string | undefined, kind: ChallengeCookie['k']): ChallengeCookie | null {
  try {
    const [payload = '', signature = ''] = (cookie ?? '').split('.');
    if (!equalStrings(signature, hmac('challenge', payload))) return null;
    const challenge = ChallengeCookieSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return challenge.k === kind ? challenge : null;
  } catch {
    return null;
  }
}

/** Wrong TOTP codes are braked like passwords, in buckets of their own (the password was right). */
async function brakeTotp(role: Role, username: string, address: string): Promise<void> {
  const account = addressKey(`${role}:${username.toLowerCase()}`);
  const now = clock.now();
  await consumeRateLimit({ bucket: `mfa-ip#${addressKey(address)}`, ...SIGN_IN_LIMITS.totpPerAddress }, now).catch(
    throttled,
  );
  await consumeRateLimit({ bucket: `mfa-account#${account}`, ...SIGN_IN_LIMITS.totpPerAccount }, now).catch(throttled);
}

/**
 * Second step of a sign-in with TOTP: answers Cognito's SOFTWARE_TOKEN_MFA challenge kept in the
 * challenge cookie, then starts the session. A challenge starts at most one session: AWS refuses a
 * reused Cognito session itself, cognito-local does not, so the answered challenge is recorded.
 */
export async function answerTotpChallenge(
  role: Role,
  cookie: string | undefined,
  code: string,
  client: SignInClient,
  deps: SignInDeps = {},
): Promise<Reply> {
  const expired = () => new UnauthenticatedError(MESSAGES.mfaChallengeExpired);
  const challenge = readChallenge(cookie, 'SOFTWARE_TOKEN_MFA');
  if (!challenge) throw expired();
  await brakeTotp(role, challenge.u, client.address);
  const out = await respondToAuthChallenge({
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    ClientId: pools()[role].clientId,
    Session: challenge.s,
    ChallengeResponses: { USERNAME: challenge.u, SOFTWARE_TOKEN_MFA_CODE: code },
  }).catch((error: unknown): never => {
    const name = (error as { name?: string }).name ?? '';
    // The challenge stays: the person may type the next code.
    if (name === 'CodeMismatchException') throw new UnauthenticatedError(MESSAGES.mfaCodeInvalid);
    if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException' || name === 'InvalidParameterException')
      throw expired();
    return cognitoFailure(error);
  });
  if (!out.AuthenticationResult) throw expired();
  const used = createHash('sha256').update(challenge.s).digest('base64url');
  if (!(await useOnce(`challenge-used#${used}`, CHALLENGE_SECONDS * 2))) throw expired();
  const device = { login: challenge.e ?? challenge.u, cookie: client.device };
  return startSession(role, out.AuthenticationResult, device, deps, true);
}

/** First sign-in with a temporary password: set the user's own password, then sign in. */
export async function completeNewPassword(
  role: Role,
  cookie: string | undefined,
  password: string,
  deviceCookie: string | undefined,
  deps: SignInDeps = {},
): Promise<Reply> {
  assertPasswordPolicy(password);
  const challenge = readChallenge(cookie, 'NEW_PASSWORD_REQUIRED');
  if (!challenge?.t) throw signInFailed();
  if (equalStrings(challenge.t, hmac('challenge', password))) {
    throw new ValidationError(MESSAGES.passwordSameAsTemporary, { password: [MESSAGES.passwordSameAsTemporary] });
  }
  const out = await respondToAuthChallenge({
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId: pools()[role].clientId,
    Session: challenge.s,
    ChallengeResponses: { USERNAME: challenge.u, NEW_PASSWORD: password },
  }).catch((error: unknown): never => {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
      throw new ValidationError(MESSAGES.passwordPolicy, { password: [MESSAGES.passwordPolicy] });
    }
    return cognitoFailure(error);
  });
  if (!out.AuthenticationResult) throw signInFailed();
  const device = { login: challenge.e ?? challenge.u, cookie: deviceCookie };
  return startSession(role, out.AuthenticationResult, device, deps);
}

/** Our own policy check before Cognito's, so the message is ours on AWS and on cognito-local alike. */
export function assertPasswordPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem, { password: [problem] });
}

/** The message for a password we refuse (too weak for the pool's policy, or common), else null. */
export function passwordProblem(password: string): string | null {
  const p = PASSWORD_POLICY;
  const strong =
    password.length >= p.minLength &&
    (!p.requireLowercase || /[a-z]/.test(password)) &&
    (!p.requireUppercase || /[A-Z]/.test(password)) &&
    (!p.requireDigits || /\d/.test(password)) &&
    (!p.requireSymbols || /[^A-Za-z0-9]/.test(password));
  if (!strong) return MESSAGES.passwordPolicy;
  if (isCommonPassword(password)) return MESSAGES.passwordTooCommon;
  return null;
}
