import "server-only";
import { cache } from "react";
import type { ServiceContext } from "@/lib/context";
import type { ErrorCode } from "@/lib/errors";
import { orNotFound } from "./or-not-found";
import { requireServiceContext } from "./service-context";

/**
 * A page's read of one of the signed-in user's records by its path id, or the not-found page.
 * Cached per request: the segment's layout checks it before anything streams (so the answer
 * is a real 404, outside the pages' loading skeletons), and the pages reuse it.
 */
export function recordLoader<T>(read: (ctx: ServiceContext, id: string) => Promise<T>, notFoundCodes?: readonly ErrorCode[]) {
  return cache(async (id: string): Promise<T> => orNotFound(read(await requireServiceContext(), id), notFoundCodes));
}
