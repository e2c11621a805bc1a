import "server-only";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { getContactOrThrow } from "@/lib/contacts/service";
import { orNotFound } from "@/app/_lib/or-not-found";

/**
 * The signed-in user's contact, or the not-found page. Cached per request: the segment's
 * layout checks it before anything streams (so the answer is a real 404), the page reuses it.
 */
export const loadContact = cache(async (uuid: string): Promise<ContactWithFamily> => {
  const user = await requireUser();
  return orNotFound(getContactOrThrow(serviceContext(await getDb(), user), uuid));
});
