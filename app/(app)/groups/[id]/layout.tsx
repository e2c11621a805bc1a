import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadGroup } from "../_lib/load-group";

// Checked here, outside the page's loading skeleton, so an unknown group answers 404.
export default async function GroupLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await connection();
  await loadGroup((await params).id);
  return children;
}
