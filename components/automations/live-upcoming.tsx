"use client";

import { useEffect, useRef, useState } from "react";
import { previewUpcomingAction } from "@/app/(app)/automations/actions";
import { Alert } from "@/components/ui/feedback";
import type { PreviewUpcomingInput } from "@/lib/automations/schema";
import type { UpcomingSends as Upcoming } from "@/lib/automations/upcoming";
import { UpcomingSends } from "./upcoming-sends";

/** Long enough that typing a message asks once, short enough to feel live. */
const DEBOUNCE_MS = 400;

export type UpcomingSettings = Omit<PreviewUpcomingInput, "days" | "automation_id">;

/**
 * The upcoming sends of the form's settings as they are edited, not saved: asked for again a
 * moment after each change, the answer to an older change never overwriting a newer one.
 * `initial` is what the saved settings (`initialKey`) send, shown until they change.
 */
export function LiveUpcoming({
  automationId,
  settings,
  active,
  days,
  initial,
  initialKey,
}: {
  automationId: number | null;
  settings: UpcomingSettings;
  active: boolean;
  days: number;
  initial: Upcoming | null;
  initialKey: string | null;
}) {
  const key = JSON.stringify(settings);
  const [shown, setShown] = useState<{ key: string | null; upcoming: Upcoming | null }>({ key: initialKey, upcoming: initial });
  // A refused answer belongs to the settings it was for: once they change it no longer shows.
  const [refused, setRefused] = useState<{ key: string; message: string } | null>(null);
  const latest = useRef(key);
  // The page came back from the server (a save, what it sent): its list replaces the one shown.
  const [served, setServed] = useState(initial);
  if (served !== initial) {
    setServed(initial);
    setShown({ key: initialKey, upcoming: initial });
  }

  useEffect(() => {
    latest.current = key;
    if (key === shown.key) return;
    const timer = setTimeout(async () => {
      const result = await previewUpcomingAction({ ...(JSON.parse(key) as UpcomingSettings), automation_id: automationId, days });
      if (latest.current !== key) return;
      if (result.ok) setShown({ key, upcoming: result.data });
      else setRefused({ key, message: result.fieldErrors ? "The upcoming sends follow your changes once the form's fields are valid." : result.message });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, shown.key, automationId, days]);

  const problem = refused?.key === key && key !== shown.key ? refused.message : null;
  const updating = key !== shown.key && problem === null;
  return (
    <div aria-busy={updating} className="space-y-3">
      {updating ? <p className="text-xs text-stone-600">Updating for your changes…</p> : null}
      {problem ? <Alert tone="info">{problem}</Alert> : null}
      {shown.upcoming ? (
        <div className={updating ? "opacity-60 transition-opacity" : undefined}>
          <UpcomingSends upcoming={shown.upcoming} days={days} active={active} />
        </div>
      ) : (
        <p className="text-sm text-stone-600">Working out the cards these settings would send in the next {days} days…</p>
      )}
    </div>
  );
}
