import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadOrder } from "../_lib/load-order";

// Checked here, outside the page's loading skeleton, so an unknown order answers 404.
export default async function OrderLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await connection();
  await loadOrder((await params).id);
  return children;
}
