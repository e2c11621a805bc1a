"use client";

import { useRef, useState, useTransition, type FormEvent } from "react";
import { updateAccountSettingsAction } from "@/app/(app)/account/actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice } from "@/components/ui/feedback";
import { SelectField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import { timeZoneLabel } from "@/lib/time-zone";

type Props = { username: string; timeZone: string; timeZones: string[] };

const FIELDS = ["username", "time_zone"] as const;

/** The name the account goes by and the time zone every time in the app is shown in. */
export function SettingsForm({ username, timeZone, timeZones }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A zone stored under an older name than this runtime's list still shows as chosen.
  const zones = timeZones.includes(timeZone) ? timeZones : [timeZone, ...timeZones];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await updateAccountSettingsAction({ username: String(data.get("username") ?? ""), time_zone: String(data.get("time_zone") ?? "") });
      if (result.ok) {
        setErrors({});
        setMessage({ tone: "success", text: "Your name and time zone were saved." });
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      setMessage({ tone: "error", text: result.message });
      const firstInvalid = FIELDS.find((field) => fieldErrors[field]);
      if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" onChange={() => message?.tone === "success" && setMessage(null)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="username" label="Your name" autoComplete="name" required defaultValue={username} error={errors.username} />
        <SelectField
          name="time_zone"
          label="Time zone"
          required
          defaultValue={timeZone}
          error={errors.time_zone}
          hint="Times in the app are shown in it. Delivery dates and birthdays are whole days and stay as they are."
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </SelectField>
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save name and time zone"}
        </Button>
      </div>
    </form>
  );
}
