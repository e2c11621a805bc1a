// GET /api/v1/contacts/events — birthdays and anniversaries of the user's contacts in one month
import { handler, route } from "@/lib/api/handler";
import { jsonText } from "@/lib/api/http";
import { contactEventsQuerySchema } from "@/lib/events/schema";
import { contactEventsJson } from "@/lib/events/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, query }) => jsonText(await contactEventsJson(service, query(contactEventsQuerySchema)))),
});
