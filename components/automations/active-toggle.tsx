"use client";

import { updateAutomationAction } from "@/app/(app)/automations/actions";
import { OnOffSwitch } from "@/components/ui/on-off-switch";

/** The automation's on/off switch: turning it on asks for a pass at once, so what is due goes out now. */
export function ActiveToggle({ id, name, active }: { id: number; name: string; active: boolean }) {
  return <OnOffSwitch label={name} active={active} onToggle={(next) => updateAutomationAction({ id, active: next })} />;
}
