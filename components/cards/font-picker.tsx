"use client";

import { useId } from "react";
import { MESSAGE_FONTS, type MessageFontId } from "@/lib/fonts";
import "./message-fonts";

type Props = {
  value: MessageFontId;
  onChange: (font: MessageFontId) => void;
  /** The form field's name, as the action reads it. */
  name?: string;
  error?: string[];
};

/** The typefaces a message prints in, each option written in its own face. */
export function FontPicker({ value, onChange, name = "message_font", error }: Props) {
  const hintId = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-stone-800">Handwriting</legend>
      <p id={hintId} className="text-sm text-stone-600">
        The message and sign-off print in this face, as the preview shows.
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {MESSAGE_FONTS.map((font) => (
          <label
            key={font.id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-stone-900 has-[:checked]:ring-1 has-[:checked]:ring-stone-900"
          >
            <input type="radio" name={name} value={font.id} checked={value === font.id} onChange={() => onChange(font.id)} className="h-4 w-4" />
            <span className="flex flex-col">
              <span className="text-lg leading-tight text-stone-900" style={{ fontFamily: font.cssFamily, fontSize: `${1.125 * font.scale}rem` }}>
                {font.name}
              </span>
              <span className="text-xs text-stone-600">{font.style === "handwriting" ? "Handwriting" : "Print"}</span>
            </span>
          </label>
        ))}
      </div>
      {error?.length ? <p className="text-sm font-medium text-red-700">{error.join(" ")}</p> : null}
    </fieldset>
  );
}
