import { connection } from "next/server";
import { requireAdmin } from "@/auth";

// A non-admin gets the answer of an unknown address: a 404 with the not-found page and its
// title, decided here, above the area's loading skeleton, before anything of the page streams.
// The area has no not-found.tsx of its own, on purpose: Next takes a thrown 404's title (in the
// HTML it sends) and its page from the nearest one, which must be app/not-found.tsx for the
// answer to be the same as an unknown address's, for admins' unknown records too.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await connection();
  await requireAdmin();
  return children;
}
