import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadEndpoint } from "../../_lib/load-endpoint";

// Checked here, before anything streams, so an unknown endpoint answers 404.
export default async function WebhookLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await connection();
  await loadEndpoint((await params).id);
  return children;
}
