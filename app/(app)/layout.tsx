import { connection } from "next/server";
import type { ReactNode } from "react";
import { currentUser } from "@/auth";
import { AppShell } from "@/components/layout/app-shell";
import { Providers } from "@/components/layout/providers";

// The shell only shows who is signed in; every page checks the user itself.
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  await connection();
  const user = await currentUser();
  return (
    <Providers timeZone={user?.timeZone}>
      <AppShell user={user}>{children}</AppShell>
    </Providers>
  );
}
