import { connection } from "next/server";
import type { ReactNode } from "react";
import { requireAdmin } from "@/auth";
import { AppShell } from "@/components/layout/app-shell";
import { Providers } from "@/components/layout/providers";

// The admin area, in the same shell as the signed-in app. It is a group of its own so that the
// check runs in the first layout under the root: a non-admin's 404 is then the root's not-found
// page itself, with nothing of the app around it, as an unknown address answers; it is decided
// before anything streams.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await connection();
  const user = await requireAdmin();
  return (
    <Providers timeZone={user.timeZone}>
      <AppShell user={user}>{children}</AppShell>
    </Providers>
  );
}
