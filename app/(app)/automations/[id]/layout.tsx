import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadAutomation } from "../_lib/load-automation";

// Checked here, outside the page's loading skeleton, so an unknown automation answers 404.
export default async function AutomationLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await connection();
  await loadAutomation((await params).id);
  return children;
}
