import { connection } from "next/server";
import { requireAdmin } from "@/auth";

// A non-admin gets the answer of an unknown address: a 404 with the not-found page and its
// title, decided here, above the area's loading skeleton, before anything of the page streams.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await connection();
  await requireAdmin();
  return children;
}
