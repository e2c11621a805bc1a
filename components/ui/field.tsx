import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";

export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-rose-600 focus:outline-2 focus:outline-rose-600/30 aria-[invalid=true]:border-red-600";

type FieldProps = {
  label: string;
  error?: string[] | string;
  hint?: ReactNode;
  className?: string;
};

/** A labelled input with its error message tied to it for screen readers. */
export function TextField({ label, error, hint, className, id, ...input }: FieldProps & ComponentProps<"input">) {
  const generated = useId();
  const inputId = id ?? generated;
  const message = Array.isArray(error) ? error[0] : error;
  const describedBy = message ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
        {input.required ? <span className="text-red-700" aria-hidden="true"> *</span> : null}
      </label>
      <input id={inputId} aria-invalid={message ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      {message ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {message}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({ label, error, hint, className, id, ...input }: FieldProps & ComponentProps<"textarea">) {
  const generated = useId();
  const inputId = id ?? generated;
  const message = Array.isArray(error) ? error[0] : error;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea id={inputId} aria-invalid={message ? true : undefined} aria-describedby={message ? `${inputId}-error` : undefined} className={inputClass} {...input} />
      {message ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {message}
        </p>
      ) : hint ? (
        <p className="text-xs text-stone-500">{hint}</p>
      ) : null}
    </div>
  );
}

export function SelectField({ label, error, className, id, children, ...input }: FieldProps & ComponentProps<"select">) {
  const generated = useId();
  const inputId = id ?? generated;
  const message = Array.isArray(error) ? error[0] : error;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <select id={inputId} aria-invalid={message ? true : undefined} aria-describedby={message ? `${inputId}-error` : undefined} className={inputClass} {...input}>
        {children}
      </select>
      {message ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
