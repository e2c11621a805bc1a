"use client";

import { useState, useTransition, type FormEvent } from "react";
import { setReminderWindowAction } from "@/app/(app)/account/mail-actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice } from "@/components/ui/feedback";
import { SelectField } from "@/components/ui/field";
import type { ReminderWindowInput } from "@/lib/account/schema";

type Window = ReminderWindowInput["reminder_window"];

const WINDOWS: Window[] = ["off", "7", "14", "30"];

const LABELS: Record<Window, string> = {
  off: "Off: no reminder mail",
  "7": "The next 7 days",
  "14": "The next 14 days",
  "30": "The next 30 days",
};

/** How far ahead the daily reminder mail looks for dates that no order or automation covers. */
export function ReminderForm({ current }: { current: Window }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("reminder_window") ?? "") as Window;
    startTransition(async () => {
      const result = await setReminderWindowAction({ reminder_window: value });
      setMessage(
        result.ok
          ? { tone: "success", text: value === "off" ? "Reminder mail is off." : `Saved: the reminder mail looks ${value} days ahead.` }
          : { tone: "error", text: result.message },
      );
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <SelectField name="reminder_window" label="Remind me of dates in" defaultValue={current}>
        {WINDOWS.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </SelectField>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
