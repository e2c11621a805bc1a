import "server-only";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import { getCardOrThrow, type CardWithRelations } from "@/lib/cards/service";
import { orNotFound } from "@/app/_lib/or-not-found";

/**
 * An active card of the catalog, or the not-found page. Cached per request: the segment's
 * layout checks it before anything streams (so the answer is a real 404), the page reuses it.
 */
export const loadCard = cache(async (id: string): Promise<CardWithRelations> => {
  const user = await requireUser();
  return orNotFound(getCardOrThrow(serviceContext(await getDb(), user), id));
});
