import type { ReactNode } from "react";
import { TimeZoneProvider } from "@/components/ui/time";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";

/*
 * What every signed-in page shares. The query cache is not here: only a few widgets use it
 * (components/ui/query-provider.tsx wraps each), and every other page would load it for nothing.
 */
export function Providers({ timeZone = DEFAULT_TIME_ZONE, children }: { timeZone?: string; children: ReactNode }) {
  return <TimeZoneProvider timeZone={timeZone}>{children}</TimeZoneProvider>;
}
