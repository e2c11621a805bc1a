"use client";

import { useRef, useState, useTransition } from "react";
import { updateProjectAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import type { FieldErrors } from "@/lib/errors";
import { focusFirstInvalid, ProjectTextFields, readProjectText } from "./project-text-fields";

type Props = { projectUuid: string; name: string; message: string; signoff: string };

/** The project's name, message and sign-off: shown as the card will read, edited in place. */
export function ProjectDetailsForm({ projectUuid, name, message, signoff }: Props) {
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, startTransition] = useTransition();
  const editButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    setErrors({});
    setFailure(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (!editing) {
    return (
      <div className="space-y-4">
        <div className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-4">
          {message ? (
            <p className="font-serif text-base leading-7 whitespace-pre-line text-stone-800">{message}</p>
          ) : (
            <p className="text-sm text-stone-500">No message yet. Recipients with their own message get that one instead.</p>
          )}
          {signoff ? <p className="mt-3 font-serif text-base text-stone-800 italic">{signoff}</p> : null}
        </div>
        <div className="flex items-center gap-3">
          <Button
            ref={editButton}
            variant="secondary"
            size="sm"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit name and message
          </Button>
          {saved ? (
            <p role="status" className="text-sm text-emerald-700">
              Saved.
            </p>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const input = readProjectText(form);
        startTransition(async () => {
          const result = await updateProjectAction({ project_uuid: projectUuid, ...input });
          if (result.ok) {
            setSaved(true);
            close();
          } else {
            setErrors(result.fieldErrors ?? {});
            setFailure(result.fieldErrors ? null : result.message);
            focusFirstInvalid(form, result.fieldErrors);
          }
        });
      }}
    >
      <ProjectTextFields
        defaults={{ name, message, signoff }}
        errors={errors}
        hints={{ message: "Printed inside every card, except for recipients with their own message." }}
        autoFocus
      />
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
        <Button variant="ghost" disabled={pending} onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
