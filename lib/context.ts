import type { Database } from "@/db/client";

export type ActingUser = { id: number; accountType: number };

/** What every service receives: the database (or an open transaction) and the acting user. */
export type ServiceContext = { db: Database; user: ActingUser };
