import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadCard } from "../_lib/load-card";

// Checked here, outside the page's loading skeleton, so an unknown or retired card answers 404.
export default async function CardLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await connection();
  await loadCard((await params).id);
  return children;
}
