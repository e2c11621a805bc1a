import { TextAreaField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";

/** The name, message and sign-off a project is created with and edited by, as the action takes them. */
export function readProjectText(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return { name: text("name"), automation_message: text("automation_message"), automation_signoff: text("automation_signoff") };
}

/** Takes the keyboard to the first field the server refused. */
export function focusFirstInvalid(form: HTMLFormElement, fieldErrors: FieldErrors | undefined) {
  const first = Object.keys(fieldErrors ?? {})[0];
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

type Props = {
  defaults: { name: string; message?: string; signoff?: string };
  errors: FieldErrors;
  hints: { name?: string; message: string };
  /** A new project shows examples in its empty message and sign-off. */
  showExamples?: boolean;
  autoFocus?: boolean;
};

/** The project's name, message and sign-off fields, with the API's length limits. */
export function ProjectTextFields({ defaults, errors, hints, showExamples, autoFocus }: Props) {
  return (
    <>
      <TextField label="Project name" name="name" defaultValue={defaults.name} required maxLength={255} error={errors.name} hint={hints.name} autoFocus={autoFocus} />
      <TextAreaField
        label="Message"
        name="automation_message"
        defaultValue={defaults.message}
        rows={5}
        maxLength={5000}
        placeholder={showExamples ? "Wishing you a wonderful year ahead!" : undefined}
        error={errors.automation_message}
        hint={hints.message}
      />
      <TextField
        label="Sign-off"
        name="automation_signoff"
        defaultValue={defaults.signoff}
        maxLength={500}
        placeholder={showExamples ? "With love, the Parkers" : undefined}
        error={errors.automation_signoff}
      />
    </>
  );
}
