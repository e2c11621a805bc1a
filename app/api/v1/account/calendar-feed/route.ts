// POST, DELETE /api/v1/account/calendar-feed — a new secret URL for the account's calendar feed; revoke it
import { handler, route } from "@/lib/api/handler";
import { json, noContent } from "@/lib/api/http";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/account/calendar-feed";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service }) => json({ data: await createCalendarFeed(service) }, 201)),
  DELETE: handler(async ({ service }) => {
    await revokeCalendarFeed(service);
    return noContent();
  }),
});
