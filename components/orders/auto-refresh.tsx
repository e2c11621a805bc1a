"use client";

import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { Button } from "@/components/ui/button";

const INTERVAL_MS = 30_000;

/**
 * Re-renders the page from the server every 30 seconds while some card is still on its way
 * (not while the tab is hidden), and on demand.
 */
export function AutoRefresh({ active }: { active: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") startTransition(() => router.refresh());
    }, INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, router]);

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
      <p aria-live="polite">{pending ? "Checking for updates…" : active ? "Statuses update every 30 seconds." : "Every card has reached its final status."}</p>
      <Button variant="secondary" size="sm" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
        {pending ? "Refreshing…" : "Refresh"}
      </Button>
    </div>
  );
}
