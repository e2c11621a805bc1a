import "server-only";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import { getGroupOrThrow, type Group } from "@/lib/groups/service";
import { orNotFound } from "@/app/_lib/or-not-found";

/**
 * The signed-in user's group, or the not-found page. Cached per request: the segment's
 * layout checks it before anything streams (so the answer is a real 404), the page reuses it.
 */
export const loadGroup = cache(async (id: string): Promise<Group> => {
  const user = await requireUser();
  return orNotFound(getGroupOrThrow(serviceContext(await getDb(), user), id));
});
