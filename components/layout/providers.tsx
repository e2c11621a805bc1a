"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { TimeZoneProvider } from "@/components/ui/time";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";

export function Providers({ timeZone = DEFAULT_TIME_ZONE, children }: { timeZone?: string; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <TimeZoneProvider timeZone={timeZone}>{children}</TimeZoneProvider>
    </QueryClientProvider>
  );
}
