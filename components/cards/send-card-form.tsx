"use client";

import { useState, useTransition, type ReactNode } from "react";
import { createProjectAction } from "@/app/(app)/cards/actions";
import { Button } from "@/components/ui/button";
import { Alert, Panel } from "@/components/ui/feedback";
import { focusFirstInvalid, messageErrorsBeforeSending, ProjectTextFields, readProjectText, type ProjectText } from "@/components/projects/project-text-fields";
import type { InsideLook } from "@/lib/cards/artwork/inside-look";
import type { FieldErrors } from "@/lib/errors";
import { DEFAULT_MESSAGE_FONT } from "@/lib/fonts";
import { MessagePreview, type PreviewRecipient } from "./message-preview";

type Props = {
  cardId: number;
  look: InsideLook;
  defaultName: string;
  forContact?: { id: string; name: string; firstName: string; lastName: string } | null;
  /** "Send a card to this group": its members become the recipients. */
  forGroup?: { id: number; name: string; firstMember?: { id: string; firstName: string; lastName: string } | null } | null;
  /** The day the card should arrive, carried from the calendar to checkout. */
  deliveryDate?: string;
  /** The card's name, price and details, above the form. */
  details: ReactNode;
};

/**
 * "Send this card": names the project and writes the message printed inside every card, with
 * the inside drawn beside the form as it is typed (kept in view on wide screens; above the form
 * on phones). Renders two cells of the card page's grid.
 */
export function SendCardForm({ cardId, look, defaultName, forContact, forGroup, deliveryDate, details }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [text, setText] = useState<ProjectText>({ message: "", signoff: "", font: DEFAULT_MESSAGE_FONT });
  const [pending, startTransition] = useTransition();
  // The preview is drawn for a real person when there is one: the contact, or the group's first member.
  const person = forContact ?? forGroup?.firstMember ?? null;
  const sample: PreviewRecipient[] | undefined = person ? [{ id: person.id, firstName: person.firstName, lastName: person.lastName, ownMessage: null }] : undefined;

  const submit = (form: HTMLFormElement) => {
    const input = readProjectText(form);
    const tooLong = messageErrorsBeforeSending(look.format, input);
    if (Object.keys(tooLong).length > 0) {
      setErrors(tooLong);
      focusFirstInvalid(form, tooLong);
      return;
    }
    startTransition(async () => {
      setMessage(null);
      const result = await createProjectAction({
        card_id: cardId,
        ...input,
        for_contact: forContact?.id,
        for_group: forGroup?.id,
        delivery_date: deliveryDate,
      });
      // On success the action redirects to the new project.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.fieldErrors ? null : result.message);
        focusFirstInvalid(form, result.fieldErrors);
      }
    });
  };

  return (
    <>
      <div className="space-y-6 max-lg:order-2 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
        {details}
        <Panel title="Send this card">
          <form
            className="space-y-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit(event.currentTarget);
            }}
          >
            {forContact ? (
              <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900">
                <strong className="font-semibold">{forContact.name}</strong> will be the first recipient. You can add more people next.
              </p>
            ) : forGroup ? (
              <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900">
                Everyone in the group <strong className="font-semibold">{forGroup.name}</strong> will be a recipient. You can add or remove people next.
              </p>
            ) : null}
            <ProjectTextFields
              defaults={{ name: defaultName }}
              errors={errors}
              format={look.format}
              onTextChange={setText}
              hints={{ name: "Only you see it: it names this mailing in your projects.", message: `${look.format === "postcard" ? "Printed on the back of every postcard" : "Printed inside every card"}. A recipient can get their own message instead.` }}
              showExamples
            />
            {errors.card_id ? <Alert>{errors.card_id[0]}</Alert> : null}
            {message ? <Alert>{message}</Alert> : null}
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              {pending ? "Creating project…" : "Continue to recipients"}
            </Button>
          </form>
        </Panel>
      </div>
      <section aria-label={look.format === "postcard" ? "Back of the postcard" : "Inside of the card"} className="rounded-2xl bg-stone-100 p-6 ring-1 ring-stone-200 max-lg:order-1 sm:p-10 lg:sticky lg:top-4 lg:col-span-3 lg:row-start-2">
        <MessagePreview look={look} message={text.message} signoff={text.signoff} font={text.font} recipients={sample} />
      </section>
    </>
  );
}
