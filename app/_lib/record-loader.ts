import "server-only";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import type { ServiceContext } from "@/lib/context";
import type { ErrorCode } from "@/lib/errors";
import { orNotFound } from "./or-not-found";

/**
 * A page's read of one of the signed-in user's records by its path id, or the not-found page.
 * Cached per request: the segment's layout checks it before anything streams (so the answer
 * is a real 404, outside the pages' loading skeletons), and the pages reuse it.
 */
export function recordLoader<T>(read: (ctx: ServiceContext, id: string) => Promise<T>, notFoundCodes?: readonly ErrorCode[]) {
  return cache(async (id: string): Promise<T> => {
    const user = await requireUser();
    return orNotFound(read(serviceContext(await getDb(), user), id), notFoundCodes);
  });
}
