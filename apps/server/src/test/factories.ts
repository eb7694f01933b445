import { generate } from 'otplib';
import type { Locale, TokenPair } from '@memoria/domain';
import { insertAccount } from '../modules/users/store.js';
import { createPasswordHasher } from '../modules/auth/passwords.js';
import { createDelegationService } from '../modules/delegations/service.js';
import type { TestApp } from './harness.js';

const hasher = createPasswordHasher('fast');
let counter = 0;

export const STRONG_PASSWORD = 'Secret-pass1';

export interface TestUser {
  id: number;
  profileId: number;
  usermail: string;
  password: string;
}

export interface SignedIn extends TestUser {
  token: string;
  refresh_token: string;
  headers: { authorization: string };
}

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${process.pid}@example.test`;
}

export async function createUser(
  t: TestApp,
  options: {
    usermail?: string;
    password?: string;
    active?: boolean;
    name?: string;
    locale?: Locale;
  } = {},
): Promise<TestUser> {
  const usermail = options.usermail ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const { userId, profileId } = await insertAccount(t.database.db, t.database.dialect, {
    usermail,
    passwordHash: await hasher.hash(password),
    name: options.name ?? 'Test User',
    locale: options.locale ?? 'en',
    country: 'BE',
    isActive: options.active ?? true,
  });
  return { id: userId, profileId, usermail, password };
}

/** Many active accounts straight in the database (no password to hash): enough for a fan-out. */
export async function insertAccounts(t: TestApp, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { userId } = await insertAccount(t.database.db, t.database.dialect, {
      usermail: uniqueEmail('bulk'),
      passwordHash: 'not used',
      name: `Person ${i}`,
      locale: 'en',
      country: 'BE',
      isActive: true,
    });
    ids.push(userId);
  }
  return ids;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(t: TestApp, user: TestUser, code?: string): Promise<TokenPair> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { usermail: user.usermail, password: user.password, ...(code ? { code } : {}) },
  });
  if (res.statusCode !== 200 || !res.json().token) {
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  }
  return res.json() as TokenPair;
}

export async function signedInUser(
  t: TestApp,
  options: Parameters<typeof createUser>[1] = {},
): Promise<SignedIn> {
  const user = await createUser(t, options);
  const pair = await login(t, user);
  return { ...user, ...pair, headers: bearer(pair.token) };
}

/** Turns TOTP two-factor on through the API; answers the secret and backup codes. */
export async function enableTotp(t: TestApp, session: SignedIn) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/profile/2fa',
    headers: session.headers,
    payload: { method: 'totp' },
  });
  const secret = start.json().secret as string;
  const code = await generate({ secret });
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/profile/2fa-confirm',
    headers: session.headers,
    payload: { code },
  });
  if (confirm.statusCode !== 200) throw new Error(`2fa confirm failed: ${confirm.body}`);
  return { secret, backupCodes: confirm.json().backup_codes as string[] };
}

/** Turns email two-factor on through the API; answers the backup codes. */
export async function enableEmailTwoFactor(t: TestApp, session: SignedIn) {
  await t.app.inject({
    method: 'POST',
    url: '/api/profile/2fa',
    headers: session.headers,
    payload: { method: 'email' },
  });
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/profile/2fa-confirm',
    headers: session.headers,
    payload: { code: t.mail.codeFor(session.usermail) },
  });
  if (confirm.statusCode !== 200) throw new Error(`2fa confirm failed: ${confirm.body}`);
  return { backupCodes: confirm.json().backup_codes as string[] };
}

export async function setPin(t: TestApp, session: SignedIn, pin: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/lock-code',
    headers: { ...session.headers, 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify({ lock_code: pin }),
  });
  if (res.statusCode !== 200) throw new Error(`set PIN failed: ${res.body}`);
}

/** `delegate` may act for `account`; answers the delegation and its plain secure token. */
export function createDelegation(
  t: TestApp,
  account: { id: number },
  delegate: { id: number },
  rules?: Parameters<ReturnType<typeof createDelegationService>['create']>[0]['rules'],
) {
  return createDelegationService({ database: t.database, secrets: t.secrets }).create({
    accountUserId: account.id,
    delegateUserId: delegate.id,
    rules,
  });
}

/**
 * A session of `who`'s switched into the account they hold `held` for (POST /api/switch-user).
 * Switching ends the session it is made from, so it is made from a second sign-in.
 */
export async function switchInto(
  t: TestApp,
  who: TestUser,
  held: { account_user: string; secure_token: string },
): Promise<{ token: string; headers: { authorization: string } }> {
  const second = await login(t, who);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/switch-user',
    headers: bearer(second.token),
    payload: { account_user: held.account_user, secure_token: held.secure_token },
  });
  if (res.statusCode !== 200)
    throw new Error(`switch-user answered ${res.statusCode}: ${res.body}`);
  const { token } = res.json() as TokenPair;
  return { token, headers: bearer(token) };
}

export function revokeDelegation(t: TestApp, id: number): Promise<void> {
  return createDelegationService({ database: t.database, secrets: t.secrets }).revoke(id);
}

/** Gives the account a plan as a paid order would (docs/RULES.md, Plans), e.g. for plan gates. */
export async function subscribe(
  t: TestApp,
  userId: number,
  plan: 'bronze' | 'silver' = 'bronze',
): Promise<void> {
  await t.database.db.updateTable('users').set({ plan }).where('id', '=', userId).execute();
}

/** A signed-in person with a subscription (Bronze unless said otherwise). */
export async function signedInSubscriber(
  t: TestApp,
  profile: Parameters<typeof signedInUser>[1] = {},
): Promise<SignedIn> {
  const session = await signedInUser(t, profile);
  await subscribe(t, session.id);
  return session;
}
