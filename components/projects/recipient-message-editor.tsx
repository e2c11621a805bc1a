"use client";

import { useId, useRef, useState, useTransition } from "react";
import { setRecipientMessageAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { notify } from "@/components/ui/toast";
import { MESSAGE_LIMITS, messageOverflow, messageTooLong, textLength, type CardFormat } from "@/lib/cards/message-fit";
import { LengthCounter } from "./project-text-fields";

type Props = { projectUuid: string; contactId: string; name: string; message: string | null; format: CardFormat; editable: boolean };

/** A recipient's own message in the recipients table, edited in place; empty goes back to the project's message. */
export function RecipientMessageEditor({ projectUuid, contactId, name, message, format, editable }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const editButton = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const over = messageOverflow(draft, format);

  const close = () => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (!editing) {
    return (
      <div className="space-y-1">
        {message ? (
          <p className="line-clamp-3 break-words" title={message}>
            <span className="text-xs text-stone-500 md:hidden">Own message: </span>
            {message}
          </p>
        ) : (
          <span className="hidden text-xs whitespace-nowrap text-stone-500 md:inline">Project message</span>
        )}
        {editable ? (
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            className="-ml-3"
            aria-label={`${message ? "Edit" : "Write"} ${name}'s own message`}
            onClick={() => {
              setDraft(message ?? "");
              setEditing(true);
            }}
          >
            {message ? "Edit message" : "Own message"}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (over > 0) {
          setError(messageTooLong(over));
          return;
        }
        startTransition(async () => {
          setError(null);
          const result = await setRecipientMessageAction({ project_uuid: projectUuid, contact_id: contactId, override_message: draft.trim() === "" ? null : draft });
          if (result.ok) {
            notify(draft.trim() === "" ? `${name} gets the project's message again` : `${name}'s own message saved`);
            close();
          }
          else setError(result.fieldErrors?.override_message?.[0] ?? result.message);
        });
      }}
    >
      <label htmlFor={fieldId} className="block text-xs font-medium text-stone-700">
        {name}&apos;s own message
      </label>
      <textarea
        id={fieldId}
        name="override_message"
        rows={4}
        autoFocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-count`}
        className={inputClass}
      />
      <p id={`${fieldId}-count`} className="text-xs text-stone-500">
        Empty: the project&apos;s message. <LengthCounter used={textLength(draft)} limit={MESSAGE_LIMITS[format]} overMessage={over > 0 ? messageTooLong(over) : null} />
      </p>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
        <Button variant="ghost" size="sm" disabled={pending} onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
