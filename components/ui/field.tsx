import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";

const inputFrame =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-rose-600 focus:outline-2 focus:outline-rose-600/30 aria-[invalid=true]:border-red-600";
// 16 px text on phones: a smaller one makes iOS zoom the page into the field being typed in.
export const inputClass = `${inputFrame} text-base sm:text-sm`;
/** For pasted data (CSV rows): smaller monospace text on wider screens, still 16 px on phones. */
export const monoInputClass = `${inputFrame} font-mono text-base sm:text-xs`;

type FieldProps = {
  /** May carry words only screen readers hear: "<SrOnly>Spouse </SrOnly>First name". */
  label: ReactNode;
  error?: string[] | string;
  hint?: ReactNode;
  className?: string;
  /**
   * How `required` reaches the control: "aria" sets only aria-required, so the browser keeps no
   * validity state of its own (no :invalid styling, no constraint checks) and the server's
   * messages under the fields are the only ones.
   */
  requiredAs?: "attribute" | "aria";
};

type ControlOptions = Pick<FieldProps, "error" | "hint" | "requiredAs"> & { id?: string; required?: boolean };

/** The id, ARIA attributes and class of a field's control, and the message under it. */
function useField({ id, error, hint, required, requiredAs = "attribute" }: ControlOptions) {
  const generated = useId();
  const inputId = id ?? generated;
  const message = Array.isArray(error) ? error[0] : error;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const control = {
    id: inputId,
    "aria-invalid": message ? true : undefined,
    "aria-required": requiredAs === "aria" ? required || undefined : undefined,
    "aria-describedby": message ? `${inputId}-error` : hintId,
    className: inputClass,
    required: requiredAs === "attribute" ? required : undefined,
  };
  return { inputId, message, hintId, control };
}

function FieldFrame({
  inputId,
  label,
  isRequired,
  message,
  hint,
  hintId,
  className,
  children,
}: {
  inputId: string;
  label: ReactNode;
  isRequired?: boolean;
  message?: string;
  hint?: ReactNode;
  hintId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
        {isRequired ? <span className="text-red-700" aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {message ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {message}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error message (or hint) tied to it for screen readers. */
export function TextField({ label, error, hint, className, id, required, requiredAs, ...input }: FieldProps & ComponentProps<"input">) {
  const field = useField({ error, hint, id, required, requiredAs });
  return (
    <FieldFrame inputId={field.inputId} label={label} isRequired={required} message={field.message} hint={hint} hintId={field.hintId} className={className}>
      <input {...field.control} {...input} />
    </FieldFrame>
  );
}

/** A labelled text area with its error message (or hint) tied to it for screen readers. */
export function TextAreaField({ label, error, hint, className, id, required, requiredAs, ...input }: FieldProps & ComponentProps<"textarea">) {
  const field = useField({ error, hint, id, required, requiredAs });
  return (
    <FieldFrame inputId={field.inputId} label={label} isRequired={required} message={field.message} hint={hint} hintId={field.hintId} className={className}>
      <textarea {...field.control} {...input} />
    </FieldFrame>
  );
}

export function SelectField({ label, error, hint, className, id, required, requiredAs, children, ...input }: FieldProps & ComponentProps<"select">) {
  const field = useField({ error, hint, id, required, requiredAs });
  return (
    <FieldFrame inputId={field.inputId} label={label} isRequired={required} message={field.message} hint={hint} hintId={field.hintId} className={className}>
      <select {...field.control} {...input}>
        {children}
      </select>
    </FieldFrame>
  );
}
