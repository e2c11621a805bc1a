import { connection } from "next/server";
import type { ReactNode } from "react";
import { loadProject } from "../_lib/load-project";

// Checked here, outside the pages' loading skeletons, so an unknown project answers 404.
export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ uuid: string }> }) {
  await connection();
  await loadProject((await params).uuid);
  return children;
}
