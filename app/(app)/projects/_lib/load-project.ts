import "server-only";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import { getProjectOrThrow, type ProjectDetail } from "@/lib/projects/service";
import { orNotFound } from "@/app/_lib/or-not-found";

/**
 * The signed-in user's project, or the not-found page. Cached per request: the segment's
 * layout checks it before anything streams (so the answer is a real 404), the pages (the
 * project and its checkout) reuse it.
 */
export const loadProject = cache(async (uuid: string): Promise<ProjectDetail> => {
  const user = await requireUser();
  return orNotFound(getProjectOrThrow(serviceContext(await getDb(), user), uuid));
});
