"use client";

import { useEffect, useMemo, useRef, useState, useTransition, type FormEvent } from "react";
import { createAutomationAction, previewDueNowAction, updateAutomationAction } from "@/app/(app)/automations/actions";
import type { ActionResult } from "@/app/_lib/action";
import { FormFooter } from "@/components/ui/form-footer";
import { Alert } from "@/components/ui/feedback";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { AUTOMATION_MESSAGE_MAX, AUTOMATION_NAME_MAX, AUTOMATION_SIGNOFF_MAX, DAYS_BEFORE_MAX } from "@/lib/automations/schema";
import { EVENT_CHOICES } from "@/lib/automations/wording";
import { DueNowDialog, type DueNowQuestion } from "./due-now-dialog";
import type { UpcomingSettings } from "./live-upcoming";
import { FontPicker } from "@/components/cards/font-picker";
import { MessagePreview } from "@/components/cards/message-preview";
import { cardsForEvents, type FormCard } from "@/lib/automations/card-choice";
import { CardPicker } from "./card-picker";
import { messageFont, type MessageFontId } from "@/lib/fonts";

type Event = (typeof EVENT_CHOICES)[number]["value"];

export type AutomationFormValues = {
  id: number;
  name: string;
  cardId: number;
  events: Event[];
  groupId: number | null;
  message: string;
  signoff: string | null;
  messageFont?: string;
  daysBefore: number;
  active: boolean;
};

export type AutomationFormOptions = { cards: FormCard[]; groups: { id: number; name: string }[] };

const PLACEHOLDER_HELP: [string, string][] = [
  ["{first_name}", "whose date it is: the contact, or their spouse, child or pet"],
  ["{last_name}", "the contact's last name"],
  ["{last_name}s", "the family: \"the {last_name}s\" reads \"the Martinezes\", \"the Kennedys\""],
  ["{contact_first_name}", "the first name of the person the card is mailed to"],
  ["{age}", "the age turned (empty when the birth year is unknown)"],
  ["{years}", "the years married (empty when the year is unknown)"],
];

const DEFAULT_MESSAGE = "Happy birthday, {first_name}!";

/** What decides the upcoming sends, from the form's fields as typed. */
function settingsOf(fields: { cardId: string; events: Event[]; groupId: string; message: string; daysBefore: string }): UpcomingSettings {
  return {
    card_id: Number(fields.cardId),
    events: fields.events,
    group_id: fields.groupId === "" ? null : Number(fields.groupId),
    message: fields.message,
    days_before: fields.daysBefore.trim() === "" ? Number.NaN : Number(fields.daysBefore),
  };
}

/** The fields as the form starts: the saved automation's, or a new one's defaults. */
function initialFields(automation: AutomationFormValues | undefined, options: AutomationFormOptions) {
  return {
    // A new automation starts on the first card made for its first dates (birthdays).
    cardId: String(automation?.cardId ?? cardsForEvents(options.cards, ["birthday"], null, false)[0]?.id ?? options.cards[0]?.id ?? ""),
    events: automation?.events ?? (["birthday"] as Event[]),
    groupId: automation?.groupId === null || automation === undefined ? "" : String(automation.groupId),
    message: automation?.message ?? DEFAULT_MESSAGE,
    daysBefore: String(automation?.daysBefore ?? 0),
  };
}

/** The upcoming settings the form starts with. */
export const initialUpcomingSettings = (automation: AutomationFormValues | undefined, options: AutomationFormOptions): UpcomingSettings =>
  settingsOf(initialFields(automation, options));

/**
 * Creates an automation (then opens it), or changes a saved one; `onSettingsChange` hears every
 * change of what decides the upcoming sends, saved or not.
 */
export function AutomationForm({
  automation,
  options,
  onSettingsChange,
}: {
  automation?: AutomationFormValues;
  options: AutomationFormOptions;
  onSettingsChange?: (settings: UpcomingSettings, active: boolean) => void;
}) {
  const [initial] = useState(() => initialFields(automation, options));
  const [name, setName] = useState(automation?.name ?? "");
  const [cardId, setCardId] = useState(initial.cardId);
  const [events, setEvents] = useState<Event[]>(initial.events);
  const [groupId, setGroupId] = useState(initial.groupId);
  const [message, setMessage] = useState(initial.message);
  const [signoff, setSignoff] = useState(automation?.signoff ?? "");
  const [font, setFont] = useState<MessageFontId>(messageFont(automation?.messageFont).id);
  const [daysBefore, setDaysBefore] = useState(initial.daysBefore);
  const [active, setActive] = useState(automation?.active ?? true);
  const settings = useMemo(() => settingsOf({ cardId, events, groupId, message, daysBefore }), [cardId, events, groupId, message, daysBefore]);
  useEffect(() => onSettingsChange?.(settings, active), [settings, active, onSettingsChange]);
  const [result, setResult] = useState<ActionResult<unknown> | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const prefix = automation ? "edit-automation" : "automation";

  const toggleEvent = (event: Event, checked: boolean) =>
    setEvents((current) => (checked ? EVENT_CHOICES.map((c) => c.value).filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));

  const [question, setQuestion] = useState<DueNowQuestion | null>(null);

  const save = (skipDueNow: boolean) =>
    startTransition(async () => {
      const input = { name, ...settings, signoff, message_font: font, active, skip_due_now: active && skipDueNow };
      const outcome = automation ? await updateAutomationAction({ id: automation.id, ...input }) : await createAutomationAction(input);
      setQuestion(null);
      // Creating navigates to the new automation on success.
      if (outcome) setResult(outcome);
    });

  // An active automation sends what is due the moment it is saved: when that is anything, ask first.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!active) return save(false);
    startTransition(async () => {
      const due = await previewDueNowAction({ ...settings, automation_id: automation?.id ?? null });
      if (due.ok && due.data.count > 0) setQuestion(due.data);
      // Settings the preview refuses are saved as they are, for the save to name their fields.
      else save(false);
    });
  };

  const messageBox = useRef<HTMLTextAreaElement>(null);
  // A placeholder goes where the writer is in the message (replacing a selection), and the cursor follows it.
  const insertPlaceholder = (code: string) => {
    const box = messageBox.current;
    const start = box?.selectionStart ?? message.length;
    const end = box?.selectionEnd ?? message.length;
    const next = message.slice(0, start) + code + message.slice(end);
    if (next.length > AUTOMATION_MESSAGE_MAX) return;
    setMessage(next);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + code.length, start + code.length);
    });
  };

  const look = options.cards.find((card) => String(card.id) === cardId)?.look;
  const eventsError = errors.events?.[0] ?? Object.entries(errors).find(([key]) => key.startsWith("events."))?.[1]?.[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
      <TextField
        id={`${prefix}-name`}
        label="Name"
        required
        maxLength={AUTOMATION_NAME_MAX}
        placeholder={automation ? undefined : "Family birthdays"}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <fieldset aria-describedby={eventsError ? `${prefix}-events-error` : undefined} className="space-y-2">
        <legend className="text-sm font-medium text-stone-700">
          Dates to send a card for<span className="text-red-700" aria-hidden="true"> *</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {EVENT_CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-stone-300 accent-rose-700"
                checked={events.includes(choice.value)}
                onChange={(e) => toggleEvent(choice.value, e.target.checked)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id={`${prefix}-events-error`} className="text-sm text-red-700">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <CardPicker cards={options.cards} events={events} value={cardId} onChange={setCardId} error={errors.card_id} />
      <SelectField id={`${prefix}-group`} label="Who" value={groupId} onChange={(e) => setGroupId(e.target.value)} error={errors.group_id}>
        <option value="">Everyone in your address book</option>
        {options.groups.map((group) => (
          <option key={group.id} value={group.id}>
            The group {group.name}
          </option>
        ))}
      </SelectField>
      <div className="space-y-1">
        <TextAreaField
          id={`${prefix}-message`}
          label="Message"
          required
          rows={4}
          maxLength={AUTOMATION_MESSAGE_MAX}
          ref={messageBox}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message}
          hint="Placeholders are filled in for each card; see the list below."
        />
        <div role="group" aria-label="Insert a placeholder" className="flex flex-wrap gap-1.5">
          {PLACEHOLDER_HELP.map(([code]) => (
            <button
              key={code}
              type="button"
              onClick={() => insertPlaceholder(code)}
              aria-label={`Insert ${code}`}
              className="rounded-md border border-stone-300 bg-white px-2 py-1 font-mono text-xs text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-rose-700"
            >
              {code}
            </button>
          ))}
        </div>
        <details className="text-xs text-stone-600">
          <summary className="cursor-pointer font-medium text-stone-700">Placeholders you can use</summary>
          <dl className="mt-2 space-y-1">
            {PLACEHOLDER_HELP.map(([code, meaning]) => (
              <div key={code} className="flex flex-wrap gap-x-2">
                <dt>
                  <code className="rounded bg-stone-100 px-1 text-stone-800">{code}</code>
                </dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
      <TextField
        id={`${prefix}-signoff`}
        label="Sign-off"
        maxLength={AUTOMATION_SIGNOFF_MAX}
        placeholder="Love, Ann"
        value={signoff}
        onChange={(e) => setSignoff(e.target.value)}
        error={errors.signoff}
        hint="Optional."
      />
      <FontPicker value={font} onChange={setFont} error={errors.message_font} />
      {look ? (
        <div className="rounded-lg bg-stone-100 px-4 py-5 ring-1 ring-stone-200">
          <div className="mx-auto max-w-60">
            <MessagePreview look={look} message={message} signoff={signoff} font={font} />
          </div>
        </div>
      ) : null}
      <TextField
        id={`${prefix}-days-before`}
        label="Days early"
        type="number"
        inputMode="numeric"
        min={0}
        max={DAYS_BEFORE_MAX}
        required
        value={daysBefore}
        onChange={(e) => setDaysBefore(e.target.value)}
        error={errors.days_before}
        hint={`The card arrives this many days before the date (0 to ${DAYS_BEFORE_MAX}).`}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" className="h-4 w-4 rounded border-stone-300 accent-rose-700" checked={active} onChange={(e) => setActive(e.target.checked)} />
        On: send the cards when they are due
      </label>
      <FormFooter label={automation ? "Save changes" : "Create automation"} pending={pending} saved={!!result?.ok} />
      <DueNowDialog question={question} pending={pending} onSendNow={() => save(false)} onSkip={() => save(true)} onBack={() => setQuestion(null)} />
    </form>
  );
}
