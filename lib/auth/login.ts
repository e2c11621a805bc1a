import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { loginAttempts, signUpAttempts, users, type User } from "@/db/schema";
import { config } from "@/lib/config";
import { AppError, fieldError, isUniqueViolation } from "@/lib/errors";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";
import { hashPassword, verifyPassword } from "./password";
import type { LoginInput, SignUpInput } from "./schema";
import { issueToken } from "./tokens";

/** Failed logins allowed for one email from one client address within the address window. */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 5;
export const ADDRESS_WINDOW_SECONDS = 60;
/** Failed logins allowed for one account (email) from any addresses within the account window. */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 20;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
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

/**
 * Counts the recent failures of an email (from this address and from any) and, when under both
 * limits, records this attempt as a failure before the password is checked, all under one lock
 * per email: concurrent guesses queue on the lock, so no more than the limit reach a password
 * check. The lock is released before the (slow) hash comparison; a success flips the row after.
 * The forgotten-password form counts its requests the same way, under a key of its own.
 */
export async function reserveLoginAttempt(db: Database, email: string, ip: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
    const fromAddress = sql`${loginAttempts.ip} = ${ip} and ${loginAttempts.createdAt} > now() - make_interval(secs => ${ADDRESS_WINDOW_SECONDS})`;
    const [recent] = await tx
      .select({
        addressFailures: sql<number>`count(*) filter (where ${fromAddress})::int`,
        addressRetryAfter: secondsUntilExpiry(sql`min(${loginAttempts.createdAt}) filter (where ${fromAddress})`, ADDRESS_WINDOW_SECONDS),
        accountFailures: sql<number>`count(*)::int`,
        accountRetryAfter: secondsUntilExpiry(sql`min(${loginAttempts.createdAt})`, ACCOUNT_WINDOW_SECONDS),
      })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.createdAt, sql`now() - make_interval(secs => ${ACCOUNT_WINDOW_SECONDS})`),
        ),
      );
    if (recent && Number(recent.addressFailures) >= MAX_FAILED_LOGINS_PER_ADDRESS) throw tooManyLogins(Number(recent.addressRetryAfter));
    if (recent && Number(recent.accountFailures) >= MAX_FAILED_LOGINS_PER_ACCOUNT) throw tooManyLogins(Number(recent.accountRetryAfter));
    const [attempt] = await tx.insert(loginAttempts).values({ email, ip, succeeded: false }).returning({ id: loginAttempts.id });
    return attempt!.id;
  });
}

/**
 * Checks an email's password under the login throttling (per email and client address, and per
 * account): the user when it matches and the account is active, else null. Every check counts,
 * wherever the password is typed: the sign-in form, the API and the current-password field of
 * a password change, so none of them offers unthrottled guesses.
 */
export async function throttledPasswordCheck(db: Database, email: string, password: string, ip: string): Promise<User | null> {
  const normalizedEmail = email.trim().toLowerCase();
  const attemptId = await reserveLoginAttempt(db, normalizedEmail, ip);

  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizedEmail}`)
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await (decoyHash ??= hashPassword("decoy-password")), password).then(() => false);
  if (!user || !valid || !user.isActive) return null;
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
  return user;
}

/** Checks credentials with throttling per email and client address and per account; returns the user. */
export async function checkCredentials(db: Database, email: string, password: string, ip: string): Promise<User> {
  const user = await throttledPasswordCheck(db, email, password, ip);
  if (!user) throw new AppError("unauthenticated", "Invalid credentials");
  return user;
}

/** POST /auth/login: credentials to a bearer token for one app_id. */
export async function login(db: Database, input: LoginInput, ip: string): Promise<{ token: string }> {
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

/** Removes throttling records older than every window at `now`; called by the maintenance job. */
export async function pruneLoginAttempts(db: Database, now: Date): Promise<void> {
  const dayBefore = sql`${now.toISOString()}::timestamptz - interval '1 day'`;
  await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < ${dayBefore}`);
  await db.delete(signUpAttempts).where(sql`${signUpAttempts.createdAt} < ${dayBefore}`);
}
