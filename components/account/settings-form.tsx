"use client";

import { useRef, useState, useTransition, type FormEvent } from "react";
import { updateAccountSettingsAction } from "@/app/(app)/account/actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice } from "@/components/ui/feedback";
import { SelectField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import type { TimeZoneOption } from "@/lib/time-zone";

type Props = { username: string; timeZone: string; timeZones: TimeZoneOption[] };

const FIELDS = ["username", "time_zone"] as const;

/** The name the account goes by and the time zone every time in the app is shown in. */
export function SettingsForm({ username, timeZone, timeZones }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [chosen, setChosen] = useState(timeZone);
  const [search, setSearch] = useState("");
  // A zone stored under an older name than this runtime's list still shows as chosen.
  const zones = timeZones.some((option) => option.zone === timeZone) ? timeZones : [{ zone: timeZone, region: "Current", label: timeZone.replace(/_/g, " ") }, ...timeZones];
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  // The chosen zone stays in the list whatever the search, so the select never changes by itself.
  const shown = zones.filter((option) => option.zone === chosen || words.every((word) => `${option.label} ${option.region} ${option.zone}`.toLowerCase().replace(/_/g, " ").includes(word)));
  const regions = [...new Set(shown.map((option) => option.region))];

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
        <div className="space-y-2">
          <TextField
            name="time_zone_search"
            label="Find a time zone"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            // Enter narrows the list; it does not save the form.
            onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
            hint={search ? `${shown.length === 1 ? "1 zone matches" : `${shown.length} zones match`}: pick one in the list below.` : "A city, a country's zone name or an offset: “Chicago”, “Central European”, “GMT+5:30”."}
          />
          <SelectField
            name="time_zone"
            label="Time zone"
            required
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            error={errors.time_zone}
            hint="Times in the app are shown in it. Delivery dates and birthdays are whole days and stay as they are."
          >
            {regions.map((region) => (
              <optgroup key={region} label={region}>
                {shown
                  .filter((option) => option.region === region)
                  .map((option) => (
                    <option key={option.zone} value={option.zone}>
                      {option.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </SelectField>
        </div>
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
