"use client";

import { useEffect, useRef, type Dispatch, type ReactNode, type SetStateAction } from "react";
import { Button } from "@/components/ui/button";
import type { FormErrors } from "./form-fields";

/** Adds, edits and removes the rows of a list (`children`, `pets`), keeping its field messages right. */
export function useRowEditing<T extends { key: string }>(list: string, onChange: Dispatch<SetStateAction<T[]>>, errors: FormErrors) {
  const nextKey = useRef(0);
  return {
    add: (row: Omit<T, "key">) => onChange((current) => [...current, { ...row, key: `n${nextKey.current++}` } as T]),
    update: (index: number, field: Exclude<keyof T, "key"> & string, value: string) => {
      onChange((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
      errors.clear(`${list}.${index}.${field}`);
    },
    remove: (index: number) => {
      onChange((current) => current.filter((_, i) => i !== index));
      // Messages of later rows would point at the wrong row once the list shifts.
      errors.clearUnder(list);
    },
  };
}

/** Rows the user adds and removes (children, pets). */
export function RepeatedRows<T extends { key: string }>({
  rows,
  noun,
  emptyText,
  listError,
  canAdd,
  onAdd,
  onRemove,
  firstFieldId,
  renderRow,
}: {
  rows: T[];
  noun: string;
  emptyText: string;
  listError?: string;
  canAdd: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The id of a row's first field, which gets the focus when the row is added. */
  firstFieldId: (index: number) => string;
  renderRow: (row: T, index: number) => ReactNode;
}) {
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  }, [rows.length]);
  const add = () => {
    focusAfterRender.current = firstFieldId(rows.length);
    onAdd();
  };

  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-stone-500">{emptyText}</p> : null}
      {rows.map((row, i) => (
        <div key={row.key} role="group" aria-label={`${title} ${i + 1}`} className="rounded-lg border border-stone-200 bg-stone-50/60 p-3 sm:p-4">
          <div className="mb-3 flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-stone-800">
              {title} {i + 1}
            </p>
            <Button variant="ghost" size="sm" onClick={() => onRemove(i)} aria-label={`Remove ${noun} ${i + 1}`}>
              Remove
            </Button>
          </div>
          {renderRow(row, i)}
        </div>
      ))}
      {listError ? <p className="text-sm text-red-700">{listError}</p> : null}
      {canAdd ? (
        <Button variant="secondary" size="sm" onClick={add}>
          + Add a {noun}
        </Button>
      ) : null}
    </div>
  );
}
