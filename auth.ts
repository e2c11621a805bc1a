import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { clientIp } from "@/lib/api/http";
import { checkCredentials } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schema";
import { findSessionUser, type SessionUser } from "@/lib/auth/session-user";
import { endSessions, isSessionGrant, sessionGrant, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "@/lib/auth/sessions";
import { authSecret } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { checkInput } from "@/lib/validation";

declare module "next-auth" {
  interface User {
    sessionVersion?: number;
  }
  interface Session {
    /** The account's session version when this session was issued or last re-issued. */
    sessionVersion?: number;
  }
}

/** Too many failed sign-ins: the code reaches the sign-in form, which says so in words. */
export class ThrottledSignin extends CredentialsSignin {
  code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
  trustHost: true,
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, request) {
        const parsed = checkInput(loginSchema.omit({ app_id: true }), credentials);
        if (!parsed.ok) return null;
        try {
          const user = await checkCredentials(await getDb(), parsed.data.email, parsed.data.password, clientIp(request));
          return { id: String(user.id), email: user.email, name: user.username, sessionVersion: user.sessionVersion };
        } catch (error) {
          if (error instanceof AppError && error.code === "too_many_requests") throw new ThrottledSignin(error.details.retryAfterSeconds ?? 60);
          if (error instanceof AppError) return null;
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user, trigger, session }) {
      if (user?.id) {
        token.uid = Number(user.id);
        token.sv = user.sessionVersion;
      }
      // The browser may post updates too: only a version the server granted is taken.
      if (trigger === "update" && typeof token.uid === "number") {
        const update = session as { sessionVersion?: unknown; grant?: unknown } | undefined;
        if (typeof update?.sessionVersion === "number" && isSessionGrant(token.uid, update.sessionVersion, update.grant)) token.sv = update.sessionVersion;
      }
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "number") session.user.id = String(token.uid);
      if (typeof token.sv === "number") session.sessionVersion = token.sv;
      return session;
    },
  },
  events: {
    // Signing out ends the session on the server: the version it carries is retired, so a
    // copy of the cookie (another tab, device or a thief) is refused from now on.
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      if (typeof token?.uid === "number" && typeof token.sv === "number") await endSessions(await getDb(), token.uid, token.sv);
    },
  },
});

/**
 * Moves this browser's session to the account's new session version (after a password change
 * here), so the device that made the change stays signed in while every other session ends.
 */
export async function reissueSession(userId: number, sessionVersion: number): Promise<void> {
  await unstable_update({ sessionVersion, grant: sessionGrant(userId, sessionVersion) } as Parameters<typeof unstable_update>[0]);
}

/**
 * The signed-in user, checked against the database on every request (a deleted or disabled
 * account loses access at once), or a redirect to the sign-in page.
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/login");
  return user;
}

/** Read once per server render, so the layout, the record loaders and the page share one lookup. */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await auth();
  const id = Number(session?.user?.id);
  const sessionVersion = session?.sessionVersion;
  // A session without a version was issued before versions existed: it signs in again.
  if (!Number.isInteger(id) || id <= 0 || typeof sessionVersion !== "number") return null;
  return (await findSessionUser(await getDb(), { id, sessionVersion })) ?? null;
});

/** Admin pages: signed in and account_type 3, or not found (no hint that the page exists). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (!user.isAdmin) {
    const { notFound } = await import("next/navigation");
    notFound();
  }
  return user;
}
