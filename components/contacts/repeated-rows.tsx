"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

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
