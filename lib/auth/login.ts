import "server-only";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { loginAttempts, mailRequests, signInAddresses, signUpAttempts, users, type User } from "@/db/schema";
import { config } from "@/lib/config";
import { AppError, fieldError, isUniqueViolation } from "@/lib/errors";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";
import { keyedHash } from "./keyed-hash";
import { hashPassword, verifyPassword } from "./password";
import type { TokenJson } from "./response";
import type { LoginInput, SignUpInput } from "./schema";
import { issueToken } from "./tokens";

/** Failed logins allowed for one email from one client address within the address window. */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 5;
export const ADDRESS_WINDOW_SECONDS = 60;
/**
 * Failed logins allowed for one account (email) from any addresses within the account window;
 * past it, only the addresses that signed in to the account lately still get their password checked.
 */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 20;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
/** An address that signed in to an account within this many days is never held by the per-account limit. */
export const KNOWN_ADDRESS_DAYS = 30;
/** A password check still unsettled after this long died with its process: from then on it counts as a failure. */
export const LOGIN_CHECK_STALE_SECONDS = 20;
/** A login held back by checks in progress looks again after this long, twice as long each time, up to the cap. */
const LOGIN_WAIT_FIRST_MS = 20;
const LOGIN_WAIT_MAX_MS = 250;
/** Sign-ups from one client address within the sign-up window, unless SIGN_UP_LIMIT says otherwise. */
export const DEFAULT_SIGN_UPS_PER_ADDRESS = 10;
export const SIGN_UP_WINDOW_SECONDS = 60 * 60;

// A hash to verify against when the email is unknown, so both paths take the same time.
let decoyHash: Promise<string> | undefined;

const tooManyLogins = (retryAfter: number) =>
  new AppError("too_many_requests", `Too many login attempts. Please try again in ${retryAfter} seconds.`, { retryAfterSeconds: retryAfter });

/** Seconds until the oldest counted row leaves its window, computed on the database's clock. */
const secondsUntilExpiry = (oldest: ReturnType<typeof sql>, windowSeconds: number) =>
  sql<number>`greatest(1, ceil(extract(epoch from ${oldest} + make_interval(secs => ${windowSeconds}) - now())))::int`;

/** What is kept of an address an account signed in from: bound to the account, keyed by the app's secret. */
const signInAddressHash = (userId: number, ip: string) => keyedHash("sign-in-address", `${userId}:${ip}`);

/** Whether the account with this (normalized) email signed in from `ip` within the last KNOWN_ADDRESS_DAYS. */
async function isKnownAddress(tx: Database, email: string, ip: string): Promise<boolean> {
  const [account] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (!account) return false;
  const [known] = await tx
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, account.id),
        eq(signInAddresses.addressHash, signInAddressHash(account.id, ip)),
        gt(signInAddresses.lastSignedInAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return known !== undefined;
}

/**
 * One look at the email's recent attempts under its lock: throws too_many_requests past a limit,
 * returns undefined when the attempt must wait for checks in progress to settle, else records the
 * attempt as in progress and returns its id.
 */
async function tryReserveLoginAttempt(db: Database, email: string, ip: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
    const isKnown = await isKnownAddress(tx, email, ip);
    const stale = sql`now() - make_interval(secs => ${LOGIN_CHECK_STALE_SECONDS})`;
    const failed = sql`(${loginAttempts.succeeded} = false or (${loginAttempts.succeeded} is null and ${loginAttempts.createdAt} <= ${stale}))`;
    const inProgress = sql`(${loginAttempts.succeeded} is null and ${loginAttempts.createdAt} > ${stale})`;
    const fromAddress = sql`${loginAttempts.ip} = ${ip} and ${loginAttempts.createdAt} > now() - make_interval(secs => ${ADDRESS_WINDOW_SECONDS})`;
    const [recent] = await tx
      .select({
        addressFailures: sql<number>`count(*) filter (where ${fromAddress} and ${failed})::int`,
        addressInProgress: sql<number>`count(*) filter (where ${fromAddress} and ${inProgress})::int`,
        addressRetryAfter: secondsUntilExpiry(sql`min(${loginAttempts.createdAt}) filter (where ${fromAddress} and ${failed})`, ADDRESS_WINDOW_SECONDS),
        accountFailures: sql<number>`count(*) filter (where ${failed})::int`,
        accountInProgress: sql<number>`count(*) filter (where ${inProgress})::int`,
        accountRetryAfter: secondsUntilExpiry(sql`min(${loginAttempts.createdAt}) filter (where ${failed})`, ACCOUNT_WINDOW_SECONDS),
      })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          or(isNull(loginAttempts.succeeded), eq(loginAttempts.succeeded, false)),
          gt(loginAttempts.createdAt, sql`now() - make_interval(secs => ${ACCOUNT_WINDOW_SECONDS})`),
        ),
      );
    const addressFailures = Number(recent?.addressFailures ?? 0);
    const accountFailures = Number(recent?.accountFailures ?? 0);
    if (addressFailures >= MAX_FAILED_LOGINS_PER_ADDRESS) throw tooManyLogins(Number(recent!.addressRetryAfter));
    if (!isKnown && accountFailures >= MAX_FAILED_LOGINS_PER_ACCOUNT) throw tooManyLogins(Number(recent!.accountRetryAfter));
    // Under the limits, unless the checks in progress all fail: wait until enough of them have settled.
    if (addressFailures + Number(recent?.addressInProgress ?? 0) >= MAX_FAILED_LOGINS_PER_ADDRESS) return undefined;
    if (!isKnown && accountFailures + Number(recent?.accountInProgress ?? 0) >= MAX_FAILED_LOGINS_PER_ACCOUNT) return undefined;
    const [attempt] = await tx.insert(loginAttempts).values({ email, ip, succeeded: null }).returning({ id: loginAttempts.id });
    return attempt!.id;
  });
}

/**
 * Lets a login attempt reach its password check, or throws too_many_requests: per email and
 * client address (MAX_FAILED_LOGINS_PER_ADDRESS a minute), and per email from any address
 * (MAX_FAILED_LOGINS_PER_ACCOUNT an hour), except from an address that signed in to the account
 * within KNOWN_ADDRESS_DAYS, so that guesses from elsewhere never lock its owner out.
 *
 * The counting runs under one lock per email, and an attempt is recorded as in progress before
 * its password is checked (the lock is released before the slow hash comparison): a check in
 * progress is no failure, but while the failures plus the checks in progress reach a limit, the
 * next attempt waits for them to settle. So concurrent guesses never get more checks than the
 * limit, and concurrent correct logins never answer 429 on account of each other. A check that
 * never settles (its process died) counts as a failure after LOGIN_CHECK_STALE_SECONDS.
 */
async function reserveLoginAttempt(db: Database, email: string, ip: string): Promise<number> {
  for (let wait = LOGIN_WAIT_FIRST_MS; ; wait = Math.min(2 * wait, LOGIN_WAIT_MAX_MS)) {
    const attemptId = await tryReserveLoginAttempt(db, email, ip);
    if (attemptId !== undefined) return attemptId;
    // Jittered, so that the logins waiting on one email don't all look again at the same moment.
    await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * wait));
  }
}

/** Records how a reserved attempt ended; a success also remembers the address it came from. */
async function settleLoginAttempt(db: Database, attemptId: number, user: User | null, ip: string): Promise<void> {
  if (!user) {
    await db.update(loginAttempts).set({ succeeded: false }).where(eq(loginAttempts.id, attemptId));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    await tx
      .insert(signInAddresses)
      .values({ userId: user.id, addressHash: signInAddressHash(user.id, ip) })
      .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.addressHash], set: { lastSignedInAt: sql`now()` } });
  });
}

/**
 * Checks an email's password under the login throttling (per email and client address, and per
 * account): the user when it matches and the account is active, else null. Every check counts,
 * wherever the password is typed: the sign-in form, the API and the current-password field of
 * a password change, an email change or the account's deletion, so none of them offers
 * unthrottled guesses. A success makes `ip` a known address of the account.
 */
export async function throttledPasswordCheck(db: Database, email: string, password: string, ip: string): Promise<User | null> {
  const normalizedEmail = email.trim().toLowerCase();
  const attemptId = await reserveLoginAttempt(db, normalizedEmail, ip);
  let signedIn: User | null = null;
  try {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${normalizedEmail}`)
      .limit(1);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await (decoyHash ??= hashPassword("decoy-password")), password).then(() => false);
    if (user && valid && user.isActive) signedIn = user;
  } finally {
    await settleLoginAttempt(db, attemptId, signedIn, ip);
  }
  return signedIn;
}

/** Checks credentials with throttling per email and client address and per account; returns the user. */
export async function checkCredentials(db: Database, email: string, password: string, ip: string): Promise<User> {
  const user = await throttledPasswordCheck(db, email, password, ip);
  if (!user) throw new AppError("unauthenticated", "Invalid credentials");
  return user;
}

/** POST /auth/login: credentials to a bearer token for one app_id. */
export async function login(db: Database, input: LoginInput, ip: string): Promise<TokenJson["data"]> {
  const user = await checkCredentials(db, input.email, input.password, ip);
  const { token } = await issueToken(db, user.id, input.app_id);
  return { token };
}

/** Sign-ups allowed from one client address an hour (SIGN_UP_LIMIT; 0 turns the limit off). */
export function signUpsPerAddress(): number {
  return config().SIGN_UP_LIMIT ?? DEFAULT_SIGN_UPS_PER_ADDRESS;
}

/** Counts and records a sign-up from `ip` under one lock per address, so bursts cannot overshoot. */
async function reserveSignUp(db: Database, ip: string): Promise<void> {
  const limit = signUpsPerAddress();
  if (limit === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-up:${ip}`}))`);
    const [recent] = await tx
      .select({
        signUps: sql<number>`count(*)::int`,
        retryAfter: secondsUntilExpiry(sql`min(${signUpAttempts.createdAt})`, SIGN_UP_WINDOW_SECONDS),
      })
      .from(signUpAttempts)
      .where(and(eq(signUpAttempts.ip, ip), gt(signUpAttempts.createdAt, sql`now() - make_interval(secs => ${SIGN_UP_WINDOW_SECONDS})`)));
    if (recent && Number(recent.signUps) >= limit) {
      const retryAfter = Number(recent.retryAfter);
      const minutes = Math.ceil(retryAfter / 60);
      throw new AppError(
        "too_many_requests",
        `Too many accounts were created from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        { retryAfterSeconds: retryAfter },
      );
    }
    await tx.insert(signUpAttempts).values({ ip });
  });
}

/**
 * Creates a personal account with no credit, its times shown in `time_zone` (UTC when left
 * out); sign-ups are limited per client address.
 */
export async function signUp(db: Database, input: Omit<SignUpInput, "time_zone"> & { time_zone?: string }, ip: string): Promise<User> {
  await reserveSignUp(db, ip);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ email: input.email.trim().toLowerCase(), username: input.username, passwordHash, accountType: 1, timeZone: input.time_zone ?? DEFAULT_TIME_ZONE })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("email", "The email has already been taken.");
    throw error;
  }
}

/**
 * Removes throttling records that no longer matter at `now`: attempts and mail requests older than
 * a day (every window is shorter), sign-in addresses not used for KNOWN_ADDRESS_DAYS; called by
 * the maintenance job.
 */
export async function pruneLoginAttempts(db: Database, now: Date): Promise<void> {
  const dayBefore = sql`${now.toISOString()}::timestamptz - interval '1 day'`;
  await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < ${dayBefore}`);
  await db.delete(signUpAttempts).where(sql`${signUpAttempts.createdAt} < ${dayBefore}`);
  await db.delete(mailRequests).where(sql`${mailRequests.createdAt} < ${dayBefore}`);
  await db
    .delete(signInAddresses)
    .where(sql`${signInAddresses.lastSignedInAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${KNOWN_ADDRESS_DAYS})`);
}
