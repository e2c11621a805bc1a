import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { getContactOrThrow } from "@/lib/contacts/service";
import { AppError } from "@/lib/errors";

/**
 * The signed-in user's contact, or the not-found page. Cached per request: the segment's
 * layout checks it before anything streams (so the answer is a real 404), the page reuses it.
 */
export const loadContact = cache(async (uuid: string): Promise<ContactWithFamily> => {
  const user = await requireUser();
  try {
    return await getContactOrThrow(serviceContext(await getDb(), user), uuid);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});
