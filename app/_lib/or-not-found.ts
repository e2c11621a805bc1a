import { notFound } from "next/navigation";
import { AppError, type ErrorCode } from "@/lib/errors";

/**
 * A service read for a page: a "not found" from the service (or another code the page treats
 * alike) renders the page's not-found UI.
 */
export async function orNotFound<T>(read: Promise<T>, codes: readonly ErrorCode[] = ["not_found"]): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && codes.includes(error.code)) notFound();
    throw error;
  }
}
