// GET /api/v1/contacts/events — birthdays and anniversaries of the user's contacts in one month
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toContactEventJson } from "@/lib/events/mapper";
import { contactEventsQuerySchema } from "@/lib/events/schema";
import { listContactEvents } from "@/lib/events/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, query }) => json((await listContactEvents(service, query(contactEventsQuerySchema))).map(toContactEventJson))),
});
