"use client";

import { useRef, useState } from "react";
import { dueOnActivationAction, updateAutomationAction } from "@/app/(app)/automations/actions";
import { OnOffSwitch } from "@/components/ui/on-off-switch";
import { DueNowDialog, type DueNowQuestion } from "./due-now-dialog";

/**
 * The automation's on/off switch. Turning it on sends what is due at once, so when anything is,
 * it asks first: send them now, start with the next date (`skip_due_now`), or stay off.
 */
export function ActiveToggle({ id, name, active }: { id: number; name: string; active: boolean }) {
  const [question, setQuestion] = useState<DueNowQuestion | null>(null);
  // The answer the switch waits for while the question is open: skip or not, or null for Back.
  const answer = useRef<((skip: boolean | null) => void) | null>(null);

  const toggle = async (next: boolean) => {
    if (!next) return updateAutomationAction({ id, active: false });
    const due = await dueOnActivationAction({ id });
    let skip = false;
    if (due.ok && due.data.count > 0) {
      const choice = await new Promise<boolean | null>((resolve) => {
        answer.current = resolve;
        setQuestion(due.data);
      });
      setQuestion(null);
      if (choice === null) return { ok: true as const };
      skip = choice;
    }
    return updateAutomationAction({ id, active: true, skip_due_now: skip });
  };

  return (
    <>
      <OnOffSwitch label={name} active={active} onToggle={toggle} />
      <DueNowDialog question={question} pending={false} onSendNow={() => answer.current?.(false)} onSkip={() => answer.current?.(true)} onBack={() => answer.current?.(null)} />
    </>
  );
}
