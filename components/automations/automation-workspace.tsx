"use client";

import { useCallback, useMemo, useState, type ReactNode } from "react";
import { Panel } from "@/components/ui/feedback";
import type { UpcomingSends } from "@/lib/automations/upcoming";
import { AutomationForm, initialUpcomingSettings, type AutomationFormOptions, type AutomationFormValues } from "./automation-form";
import { LiveUpcoming, type UpcomingSettings } from "./live-upcoming";

/**
 * The automation form beside the cards its settings would send, which follow every change
 * before it is saved. `upcoming` is what the saved automation sends (none for a new one);
 * `children` go under the upcoming sends (the runs).
 */
export function AutomationWorkspace({
  automation,
  options,
  upcoming,
  days,
  children,
}: {
  automation?: AutomationFormValues;
  options: AutomationFormOptions;
  upcoming: UpcomingSends | null;
  days: number;
  children?: ReactNode;
}) {
  // The saved settings, as the server last rendered them (a save re-renders the page).
  const saved = useMemo(() => initialUpcomingSettings(automation, options), [automation, options]);
  const [settings, setSettings] = useState<UpcomingSettings>(saved);
  const [active, setActive] = useState(automation?.active ?? true);
  const follow = useCallback((next: UpcomingSettings, nextActive: boolean) => {
    setSettings(next);
    setActive(nextActive);
  }, []);

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Panel title="Automation" className="min-w-0 self-start lg:col-span-3">
        <AutomationForm automation={automation} options={options} onSettingsChange={follow} />
      </Panel>
      <div className="min-w-0 space-y-6 self-start lg:col-span-2">
        <Panel title="Upcoming sends">
          <LiveUpcoming
            automationId={automation?.id ?? null}
            settings={settings}
            active={active}
            days={days}
            initial={upcoming}
            initialKey={upcoming ? JSON.stringify(saved) : null}
          />
        </Panel>
        {children}
      </div>
    </div>
  );
}
