import { getDb, type Database } from "@/db/client";

export type ActingUser = { id: number; accountType: number };

/** What every service receives: the database (or an open transaction) and the acting user. */
export type ServiceContext = { db: Database; user: ActingUser };

/**
 * What a service for someone not signed in receives (sign-up, the links mailed for a password
 * reset, an email change or taking an account back): the database alone.
 */
export type PublicServiceContext = { db: Database };

/** Pages and actions reach the database only through these: app/ imports nothing of db/. */
export async function publicServiceContext(): Promise<PublicServiceContext> {
  return { db: await getDb() };
}

/** The service context of a user the caller has already authenticated (a session, a token). */
export async function serviceContextOf<User extends ActingUser>(user: User): Promise<ServiceContext & { user: User }> {
  return { db: await getDb(), user };
}
