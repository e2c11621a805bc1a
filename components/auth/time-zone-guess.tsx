"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
// Rendered on the server empty: the sign-up then stores UTC, unless the browser fills it in.
const noZone = () => "";

/** A hidden field with the browser's time zone, the account's first guess at its own (sign-up). */
export function TimeZoneGuess({ name = "time_zone" }: { name?: string }) {
  const zone = useSyncExternalStore(subscribe, browserZone, noZone);
  return <input type="hidden" name={name} value={zone} />;
}
