// What the API's read routes do with the database, request by request: the bearer token check
// of lib/api/handler.ts, the route's query schema, then the service the route calls. The floors
// and the plan check both record these, so they see the statements the server sends.
import type { Database } from "@/db/client";

export type ApiRead = (db: Database, token: string) => Promise<unknown>;

/** Loaded on first use: the services read AUTH_SECRET, which bench/config.ts sets first. */
export async function apiReads() {
  const { authenticateToken } = await import("@/lib/auth/tokens");
  const { listContactsJson } = await import("@/lib/contacts/service");
  const { listContactsQuerySchema } = await import("@/lib/contacts/schema");
  const { contactEventsJson } = await import("@/lib/events/service");
  const { contactEventsQuerySchema } = await import("@/lib/events/schema");

  const asUser = async (db: Database, token: string) => ({ db, user: (await authenticateToken(db, token)).user });
  return {
    asUser,
    /** GET /api/v1/contacts?<query> (app/api/v1/contacts/route.ts). */
    contacts:
      (query: Record<string, string>): ApiRead =>
      async (db, token) => {
        const input = listContactsQuerySchema.parse(query);
        return listContactsJson(await asUser(db, token), { cursor: input.cursor, perPage: input.per_page, query: input.query, groupId: input.group_id });
      },
    /** GET /api/v1/contacts/events?<query> (app/api/v1/contacts/events/route.ts). */
    events:
      (query: Record<string, string>): ApiRead =>
      async (db, token) =>
        contactEventsJson(await asUser(db, token), contactEventsQuerySchema.parse(query)),
  };
}
