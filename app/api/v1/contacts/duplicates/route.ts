// GET /api/v1/contacts/duplicates — groups of contacts that share an email, a phone or a name and street
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { findDuplicateContacts } from "@/lib/contacts/duplicates";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service }) => json({ data: await findDuplicateContacts(service) })),
});
