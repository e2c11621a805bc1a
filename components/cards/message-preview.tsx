"use client";

import { useId, useState, type CSSProperties } from "react";
import { MESSAGE_BOXES, MESSAGE_LINE_HEIGHT, messageOverflow } from "@/lib/cards/message-fit";
import { fillPlaceholders, recipientPlaceholders, SAMPLE_RECIPIENT_NAME } from "@/lib/placeholders";
import type { InsideLook } from "@/lib/cards/artwork/inside-look";
import { messageFont, type MessageFontId } from "@/lib/fonts";
import "./message-fonts";

export type PreviewRecipient = { id: string; firstName: string; lastName: string; ownMessage: string | null };

/** Who a card is shown for when the project has nobody yet. */
export const SAMPLE_RECIPIENT: PreviewRecipient = { id: "sample", ...SAMPLE_RECIPIENT_NAME, ownMessage: null };

type Props = {
  look: InsideLook;
  message: string;
  signoff: string;
  /** The first is shown by default; each one with their own message can be picked. */
  recipients?: PreviewRecipient[];
  caption?: string;
  /** The typeface the message prints in; without one, the card's own. */
  font?: MessageFontId;
};

const pct = (value: number) => `${(value * 100).toFixed(3)}%`;

/**
 * The inside of the card as it will print: the message and sign-off in the card's typeface, in
 * the text box its format has (lib/cards/message-fit.ts), with {first_name} and {last_name}
 * filled for one recipient. Sized with container units, so it reads the same at any width.
 */
export function MessagePreview({ look, message, signoff, recipients, caption, font }: Props) {
  const people = recipients && recipients.length > 0 ? recipients : [SAMPLE_RECIPIENT];
  // First someone who gets the project's message, then everyone who has their own.
  const first = people.find((person) => !person.ownMessage) ?? people[0]!;
  const choices = [first, ...people.filter((person) => person !== first && person.ownMessage)];
  const [chosenId, setChosenId] = useState(choices[0]!.id);
  const chosen = choices.find((person) => person.id === chosenId) ?? choices[0]!;
  const selectId = useId();

  const width = look.isVertical ? 500 : 700;
  const height = look.isVertical ? 700 : 500;
  const box = MESSAGE_BOXES[look.format][look.isVertical ? "portrait" : "landscape"];
  const text = chosen.ownMessage || message;
  const over = messageOverflow(text, look.format) > 0;
  const filled = fillPlaceholders(text, recipientPlaceholders(chosen));
  const units = (value: number) => `${((value / width) * 100).toFixed(3)}cqw`;
  const face = font ? messageFont(font) : null;

  const boxStyle: CSSProperties = {
    left: pct(box.x / width),
    top: pct(box.y / height),
    width: pct(box.w / width),
    height: pct(box.h / height),
    fontFamily: face ? face.cssFamily : look.fontFamily,
    fontStyle: face ? undefined : (look.fontStyle ?? undefined),
    // The proof (lib/proofs/inside.ts) sets the same face at the same size.
    fontSize: units(box.fontSize * (face?.scale ?? 1)),
    lineHeight: MESSAGE_LINE_HEIGHT,
    color: look.ink,
    justifyContent: "safe center",
    outline: over ? "2px dashed #b91c1c" : undefined,
    outlineOffset: over ? "2px" : undefined,
  };

  return (
    <figure className="space-y-3">
      {choices.length > 1 ? (
        <div className="flex flex-wrap items-center justify-center gap-2 text-sm">
          <label htmlFor={selectId} className="font-medium text-stone-700">
            Preview for
          </label>
          <select
            id={selectId}
            value={chosen.id}
            onChange={(event) => setChosenId(event.target.value)}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1 text-base text-stone-900 sm:text-sm"
          >
            {choices.map((person) => (
              <option key={person.id} value={person.id}>
                {person.firstName} {person.lastName}
                {person.ownMessage ? " (own message)" : ""}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div
        data-testid="card-inside-preview"
        className="relative mx-auto w-full overflow-hidden rounded shadow-lg ring-1 ring-black/10"
        style={{ aspectRatio: `${width} / ${height}`, background: look.paper, containerType: "inline-size", maxWidth: look.isVertical ? "24rem" : "32rem" }}
      >
        <Decoration look={look} width={width} height={height} />
        <div data-testid="card-message-box" className="absolute flex flex-col overflow-hidden text-center" style={boxStyle}>
          {filled.trim() ? (
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">{filled}</p>
          ) : (
            <p className="italic">Your message appears here.</p>
          )}
          {signoff.trim() ? <p className="whitespace-pre-line [overflow-wrap:anywhere]" style={{ marginTop: "0.7em" }}>{signoff}</p> : null}
        </div>
      </div>
      <figcaption className="text-center text-sm text-stone-600">
        {caption ?? `${look.format === "postcard" ? "On the back" : "Inside"}, as printed for ${chosen.firstName} ${chosen.lastName}${chosen.ownMessage ? " (their own message)" : ""}.`}
      </figcaption>
    </figure>
  );
}

/** The parts of the inside around the text box: a folded card's colour band, a postcard's stamp and address lines. */
function Decoration({ look, width, height }: { look: InsideLook; width: number; height: number }) {
  const x = (value: number) => pct(value / width);
  const y = (value: number) => pct(value / height);
  if (look.format !== "postcard") {
    return (
      <div aria-hidden="true" className="absolute inset-x-0 top-0" style={{ height: y(20), background: look.background, borderBottom: `${y(4)} solid ${look.primary}` }} />
    );
  }
  const line = (left: number, top: number, right: number) => (
    <div key={`${left}-${top}`} className="absolute" style={{ left: x(left), top: y(top), width: x(right - left), height: "1px", background: look.ink, opacity: 0.22 }} />
  );
  if (look.isVertical) {
    return (
      <div aria-hidden="true">
        <div className="absolute" style={{ left: x(40), right: x(40), top: y(350), height: "1px", background: look.ink, opacity: 0.25 }} />
        <div className="absolute" style={{ left: x(382), top: y(380), width: x(80), height: y(96), background: look.background, border: `2px dashed ${look.ink}55` }} />
        {[0, 1, 2, 3].map((i) => line(50, 520 + i * 40, 350))}
      </div>
    );
  }
  return (
    <div aria-hidden="true">
      <div className="absolute" style={{ left: x(392), top: y(40), bottom: y(40), width: "1px", background: look.ink, opacity: 0.25 }} />
      <div className="absolute" style={{ left: x(582), top: y(38), width: x(80), height: y(96), background: look.background, border: `2px dashed ${look.ink}55` }} />
      {[0, 1, 2, 3].map((i) => line(420, 220 + i * 46, 660))}
    </div>
  );
}
