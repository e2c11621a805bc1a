import "server-only";
import { cookies } from "next/headers";
import { FLASH_COOKIE } from "@/components/ui/flash-cookie";

/**
 * A confirmation for the page a server action redirects to: a short-lived cookie the
 * browser's toasts read once (components/ui/toast.tsx). Readable by the page's script, so it
 * carries only the words shown, never anything private.
 */
export async function flash(message: string): Promise<void> {
  // Next encodes the value (encodeURIComponent); the toasts decode it.
  (await cookies()).set(FLASH_COOKIE, message, { path: "/", maxAge: 60, sameSite: "lax", httpOnly: false });
}
