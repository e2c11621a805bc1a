"use client";

import { useRef, useState, useTransition } from "react";
import { updateProjectAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { notify } from "@/components/ui/toast";
import { ProofLink } from "@/components/cards/proof-link";
import type { FieldErrors } from "@/lib/errors";
import { MessagePreview, type PreviewRecipient } from "@/components/cards/message-preview";
import type { InsideLook } from "@/lib/cards/artwork/inside-look";
import type { MessageFontId } from "@/lib/fonts";
import { focusFirstInvalid, messageErrorsBeforeSending, ProjectTextFields, readProjectText, type ProjectText } from "./project-text-fields";

type Props = { projectUuid: string; name: string; message: string; signoff: string; font: MessageFontId; look: InsideLook; recipients: PreviewRecipient[] };

/** The project's name, message and sign-off: drawn inside the card as it will print, edited in place. */
export function ProjectDetailsForm({ projectUuid, name, message, signoff, font, look, recipients }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProjectText>({ message, signoff, font });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const editButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    setErrors({});
    setFailure(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const preview = (
    <div className="rounded-lg bg-stone-100 px-4 py-5 ring-1 ring-stone-200">
      <MessagePreview
        look={look}
        message={editing ? draft.message : message}
        signoff={editing ? draft.signoff : signoff}
        font={editing ? draft.font : font}
        recipients={recipients}
      />
    </div>
  );

  if (!editing) {
    return (
      <div className="space-y-4">
        {preview}
        {!message ? <p className="text-sm text-stone-600">No message yet. Recipients with their own message get that one instead.</p> : null}
        <div className="flex items-center gap-3">
          <Button
            ref={editButton}
            variant="secondary"
            size="sm"
            onClick={() => {
              setDraft({ message, signoff, font });
              setEditing(true);
            }}
          >
            Edit name and message
          </Button>
          <ProofLink href={`/projects/${projectUuid}/proof`} />
        </div>
      </div>
    );
  }

  return (
    <form
      // Wide screens: the card beside the text boxes, kept in view while typing; phones: the card above them.
      className="space-y-4 xl:grid xl:grid-cols-2 xl:items-start xl:gap-6 xl:space-y-0"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const input = readProjectText(form);
        const tooLong = messageErrorsBeforeSending(look.format, input);
        if (Object.keys(tooLong).length > 0) {
          setErrors(tooLong);
          setFailure(null);
          focusFirstInvalid(form, tooLong);
          return;
        }
        startTransition(async () => {
          const result = await updateProjectAction({ project_uuid: projectUuid, ...input });
          if (result.ok) {
            notify("Card message saved");
            close();
          } else {
            setErrors(result.fieldErrors ?? {});
            setFailure(result.fieldErrors ? null : result.message);
            focusFirstInvalid(form, result.fieldErrors);
          }
        });
      }}
    >
      <div className="xl:sticky xl:top-4 xl:col-start-2 xl:row-start-1">{preview}</div>
      <div className="min-w-0 space-y-4 xl:col-start-1 xl:row-start-1">
        <ProjectTextFields
          defaults={{ name, message, signoff, font }}
          errors={errors}
          format={look.format}
          onTextChange={setDraft}
          hints={{ message: `${look.format === "postcard" ? "Printed on the back of every postcard" : "Printed inside every card"}, except for recipients with their own message.` }}
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
      </div>
    </form>
  );
}
