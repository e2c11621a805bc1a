import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

/** A service read for a page: a "not found" from the service renders the page's not-found UI. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}
