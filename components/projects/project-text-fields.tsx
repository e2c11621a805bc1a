import { useState } from "react";
import { TextAreaField, TextField } from "@/components/ui/field";
import { MESSAGE_LIMITS, messageFitErrors, messageOverflow, messageTooLong, SIGNOFF_LIMIT, signoffOverflow, signoffTooLong, textLength, type CardFormat } from "@/lib/cards/message-fit";
import type { FieldErrors } from "@/lib/errors";
import { DEFAULT_MESSAGE_FONT, messageFont, type MessageFontId } from "@/lib/fonts";
import { FontPicker } from "@/components/cards/font-picker";

/** The name, message, sign-off and typeface a project is created with and edited by, as the action takes them. */
export function readProjectText(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    name: text("name"),
    automation_message: text("automation_message"),
    automation_signoff: text("automation_signoff"),
    message_font: messageFont(text("message_font")).id,
  };
}

/** The same refusal the server gives, before sending: a message the card can't hold. */
export function messageErrorsBeforeSending(format: CardFormat, input: { automation_message: string; automation_signoff: string }): FieldErrors {
  return messageFitErrors(format, { message: input.automation_message, signoff: input.automation_signoff }, { message: "automation_message", signoff: "automation_signoff" });
}

/** Takes the keyboard to the first field the server refused. */
export function focusFirstInvalid(form: HTMLFormElement, fieldErrors: FieldErrors | undefined) {
  const first = Object.keys(fieldErrors ?? {})[0];
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

export type ProjectText = { message: string; signoff: string; font: MessageFontId };

type Props = {
  defaults: { name: string; message?: string; signoff?: string; font?: MessageFontId };
  errors: FieldErrors;
  hints: { name?: string; message: string };
  /** The card's format: how long a message its text box holds. */
  format: CardFormat;
  /** Called as the message or sign-off is typed, for the preview. */
  onTextChange?: (text: ProjectText) => void;
  /** A new project shows examples in its empty message and sign-off. */
  showExamples?: boolean;
  autoFocus?: boolean;
};

/** How much of the card's text box a text uses, or by how much it is over. */
export function LengthCounter({ used, limit, overMessage }: { used: number; limit: number; overMessage: string | null }) {
  if (overMessage) return <span className="font-medium text-red-700">{overMessage}</span>;
  return (
    <span className="tabular-nums">
      {used.toLocaleString("en-US")} of {limit.toLocaleString("en-US")} characters
    </span>
  );
}

/** The project's name, message and sign-off fields, with the card's length limits counted as they are typed. */
export function ProjectTextFields({ defaults, errors, hints, format, onTextChange, showExamples, autoFocus }: Props) {
  const [text, setText] = useState<ProjectText>({ message: defaults.message ?? "", signoff: defaults.signoff ?? "", font: defaults.font ?? DEFAULT_MESSAGE_FONT });
  const change = (next: ProjectText) => {
    setText(next);
    onTextChange?.(next);
  };
  const overMessage = messageOverflow(text.message, format);
  const overSignoff = signoffOverflow(text.signoff);
  return (
    <>
      <TextField label="Project name" name="name" defaultValue={defaults.name} required maxLength={255} error={errors.name} hint={hints.name} autoFocus={autoFocus} />
      <TextAreaField
        label="Message"
        name="automation_message"
        value={text.message}
        onChange={(event) => change({ ...text, message: event.target.value })}
        rows={5}
        placeholder={showExamples ? "Wishing you a wonderful year ahead, {first_name}!" : undefined}
        error={errors.automation_message}
        hint={
          <>
            {hints.message} <code className="text-stone-700">{"{first_name}"}</code> and <code className="text-stone-700">{"{last_name}"}</code> become each recipient&apos;s name.{" "}
            <LengthCounter used={textLength(text.message)} limit={MESSAGE_LIMITS[format]} overMessage={overMessage > 0 ? messageTooLong(overMessage) : null} />
          </>
        }
      />
      <TextField
        label="Sign-off"
        name="automation_signoff"
        value={text.signoff}
        onChange={(event) => change({ ...text, signoff: event.target.value })}
        placeholder={showExamples ? "With love, the Parkers" : undefined}
        error={errors.automation_signoff}
        hint={<LengthCounter used={textLength(text.signoff)} limit={SIGNOFF_LIMIT} overMessage={overSignoff > 0 ? signoffTooLong(overSignoff) : null} />}
      />
      <FontPicker value={text.font} onChange={(font) => change({ ...text, font })} error={errors.message_font} />
    </>
  );
}
