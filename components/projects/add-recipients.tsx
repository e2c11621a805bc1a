"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { ContactPicker } from "./contact-picker";
import { CsvImport } from "./csv-import";
import { GroupAdder, type GroupOption } from "./group-adder";
import { RecipientForm } from "./recipient-form";

type Props = {
  projectUuid: string;
  /** When the server rendered the page: the contact picker reloads its marks after each change. */
  renderedAt: string;
  groups: GroupOption[];
  csvFields: string[];
  csvMaxChars: number;
};

const TABS = [
  { key: "contacts", label: "From contacts" },
  { key: "group", label: "A whole group" },
  { key: "manual", label: "One by hand" },
  { key: "csv", label: "CSV file" },
] as const;

type TabKey = (typeof TABS)[number]["key"];

/** Four ways to add recipients, as tabs (arrow keys move between them); each keeps its state while hidden. */
export function AddRecipients({ projectUuid, renderedAt, groups, csvFields, csvMaxChars }: Props) {
  const [active, setActive] = useState<TabKey>("contacts");
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next = event.key === "ArrowRight" ? (index === last ? 0 : index + 1) : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1) : event.key === "Home" ? 0 : event.key === "End" ? last : null;
    if (next === null) return;
    event.preventDefault();
    setActive(TABS[next]!.key);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Ways to add recipients" className="mb-5 grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1 sm:grid-cols-4">
        {TABS.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-rose-600",
                selected ? "bg-white text-rose-800 shadow-sm ring-1 ring-stone-200" : "text-stone-600 hover:bg-white/60 hover:text-stone-900",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {TABS.map((tab) => (
        <div key={tab.key} role="tabpanel" id={`${baseId}-panel-${tab.key}`} aria-labelledby={`${baseId}-tab-${tab.key}`} hidden={tab.key !== active} tabIndex={0} className="focus-visible:outline-none">
          {tab.key === "contacts" ? <ContactPicker projectUuid={projectUuid} renderedAt={renderedAt} /> : null}
          {tab.key === "group" ? <GroupAdder projectUuid={projectUuid} groups={groups} /> : null}
          {tab.key === "manual" ? <RecipientForm projectUuid={projectUuid} /> : null}
          {tab.key === "csv" ? <CsvImport projectUuid={projectUuid} fields={csvFields} maxChars={csvMaxChars} /> : null}
        </div>
      ))}
    </div>
  );
}
