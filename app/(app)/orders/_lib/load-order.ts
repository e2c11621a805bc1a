import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { requireUser } from "@/auth";
import { getDb } from "@/db/client";
import { serviceContext } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors";
import { trackOrderWithHistory } from "@/lib/orders/service";

/**
 * The signed-in user's order with each piece's history, or the not-found page. Cached per
 * request: the segment's layout checks it before anything streams (so the answer is a real
 * 404), the page reuses it.
 */
export const loadOrder = cache(async (id: string) => {
  const user = await requireUser();
  try {
    return await trackOrderWithHistory(serviceContext(await getDb(), user), id);
  } catch (error) {
    // Another account's order is a 403 in the API; here it simply does not exist.
    if (error instanceof AppError && (error.code === "not_found" || error.code === "forbidden")) notFound();
    throw error;
  }
});
