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
import { authSecret } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { checkInput } from "@/lib/validation";

/** Too many failed sign-ins: the code reaches the sign-in form, which says so in words. */
export class ThrottledSignin extends CredentialsSignin {
  code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  secret: authSecret(),
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, request) {
        const parsed = checkInput(loginSchema.omit({ app_id: true }), credentials);
        if (!parsed.ok) return null;
        try {
          const user = await checkCredentials(await getDb(), parsed.data.email, parsed.data.password, clientIp(request));
          return { id: String(user.id), email: user.email, name: user.username };
        } catch (error) {
          if (error instanceof AppError && error.code === "too_many_requests") throw new ThrottledSignin(error.details.retryAfterSeconds ?? 60);
          if (error instanceof AppError) return null;
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.uid = Number(user.id);
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "number") session.user.id = String(token.uid);
      return session;
    },
  },
});

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
  if (!Number.isInteger(id) || id <= 0) return null;
  return (await findSessionUser(await getDb(), id)) ?? null;
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
