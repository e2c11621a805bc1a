import type { ReactNode } from "react";
import { cn } from "./cn";

/** A column heading: its text, with a class of its own if need be; a label that is not text needs a key. */
type Column = string | { label: string; className?: string } | { key: string; label: ReactNode; className?: string };

/** A table's heading row: every cell a `th scope="col"`, so screen readers name the cells under it. */
export function HeaderRow({ columns, className, cellClass }: { columns: Column[]; className?: string; cellClass?: string }) {
  return (
    <tr className={className}>
      {columns.map((column) => {
        const { label, className: own } = typeof column === "string" ? { label: column, className: undefined } : column;
        const key = typeof column === "object" && "key" in column ? column.key : String(label);
        return (
          <th key={key} scope="col" className={cn(cellClass, own) || undefined}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
