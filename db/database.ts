import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;

/** A database or an open transaction: services accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
