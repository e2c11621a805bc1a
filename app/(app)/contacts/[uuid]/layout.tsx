import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadContact } from "../_lib/load-contact";

// Checked here, outside the pages' loading skeletons, so an unknown contact answers 404.
export default async function ContactLayout({ children, params }: { children: ReactNode; params: Promise<{ uuid: string }> }) {
  await connection();
  await loadContact((await params).uuid);
  return children;
}
