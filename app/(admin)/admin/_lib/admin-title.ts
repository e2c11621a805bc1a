import type { Metadata } from "next";
import { currentUser } from "@/auth";

/**
 * The title of an admin page, for admins only: Next resolves a page's metadata even when its
 * layout answers not found, so a customer would otherwise read "Users · Admin" in the tab of
 * the not-found page.
 */
export function adminTitle(title: string): () => Promise<Metadata> {
  return async () => ((await currentUser())?.isAdmin ? { title } : { title: "Page not found" });
}
