import "server-only";
import { and, count, eq, gt, min, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { loginAttempts, users, type User } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "./password";
import type { LoginInput, SignUpInput } from "./schema";
import { issueToken } from "./tokens";
import { fieldError, isUniqueViolation } from "@/lib/errors";

const MAX_FAILED_LOGINS = 5;
const WINDOW_SECONDS = 60;

// A hash to verify against when the email is unknown, so both paths take the same time.
let decoyHash: Promise<string> | undefined;

/** Checks credentials with throttling per email and client IP; returns the user. */
export async function checkCredentials(db: Database, email: string, password: string, ip: string): Promise<User> {
  const normalizedEmail = email.trim().toLowerCase();
  const [recent] = await db
    .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, normalizedEmail),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`),
      ),
    );
  if (recent && recent.failures >= MAX_FAILED_LOGINS) {
    const oldest = recent.oldest ? new Date(recent.oldest).getTime() : Date.now();
    const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_SECONDS * 1000 - Date.now()) / 1000));
    throw new AppError("too_many_requests", `Too many login attempts. Please try again in ${retryAfter} seconds.`, { retryAfterSeconds: retryAfter });
  }

  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizedEmail}`)
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await (decoyHash ??= hashPassword("decoy-password")), password).then(() => false);
  await db.insert(loginAttempts).values({ email: normalizedEmail, ip, succeeded: valid && !!user?.isActive });
  if (!user || !valid || !user.isActive) throw new AppError("unauthenticated", "Invalid credentials");
  return user;
}

/** POST /auth/login: credentials to a bearer token for one app_id. */
export async function login(db: Database, input: LoginInput, ip: string): Promise<{ token: string }> {
  const user = await checkCredentials(db, input.email, input.password, ip);
  const { token } = await issueToken(db, user.id, input.app_id);
  return { token };
}

/** Creates a personal account with no credit. */
export async function signUp(db: Database, input: SignUpInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ email: input.email.trim().toLowerCase(), username: input.username, passwordHash, accountType: 1 })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("email", "The email has already been taken.");
    throw error;
  }
}

/** Removes throttling records older than the window at `now`; called by the maintenance job. */
export async function pruneLoginAttempts(db: Database, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < ${now.toISOString()}::timestamptz - interval '1 day'`);
}
