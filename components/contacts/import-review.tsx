import Link from "next/link";
import { Badge } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import { matchedByText, REVIEW_ROWS_LISTED, skipReason, WARNING_TEXT, type ImportAnswer, type ReviewRow } from "./import-answer";

const ACTION: Record<ReviewRow["action"], { label: string; tone: "green" | "blue" | "neutral" | "red" }> = {
  create: { label: "New", tone: "green" },
  update: { label: "Update", tone: "blue" },
  unchanged: { label: "Unchanged", tone: "neutral" },
  skip: { label: "Skipped", tone: "red" },
};

/** Why the row does what it does, in words: which contact it updates and how it was found, or what it lacks. */
function RowReason({ row, errors }: { row: ReviewRow; errors: Record<string, string[]> | undefined }) {
  const contact = row.contact_uuid ? (
    <Link href={`/contacts/${row.contact_uuid}`} className="font-medium text-rose-800 underline underline-offset-2">
      {row.contact_name ?? "a contact"}
    </Link>
  ) : (
    (row.contact_name ?? "a contact")
  );
  const by = matchedByText(row.matched_by);
  switch (row.action) {
    case "create":
      return <>Added as a new contact.</>;
    case "update":
      return (
        <>
          Fills in {contact}
          {by ? `, found by ${by}` : ""}.
        </>
      );
    case "unchanged":
      return (
        <>
          {contact} already has all of it{by ? ` (found by ${by})` : ""}.
        </>
      );
    case "skip":
      return <>Not imported. {skipReason(errors)}</>;
  }
}

function Warnings({ row }: { row: ReviewRow }) {
  if (row.warnings.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {row.warnings.map((warning) => (
        <li key={warning}>
          <Badge tone="amber">{WARNING_TEXT[warning]}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The dry run's rows: cards on a phone, a table from the small breakpoint up. */
export function ImportRows({ answer }: { answer: ImportAnswer }) {
  const rows = answer.rows ?? [];
  const errorsByRow = new Map(answer.skipped.map((s) => [s.row, s.errors]));
  const total = answer.created + answer.updated + answer.unchanged + answer.skipped.length;
  return (
    <div className="space-y-3">
      <ul className="space-y-2 sm:hidden" aria-label="Rows of the file">
        {rows.map((row) => (
          <li key={row.row} className="rounded-lg border border-stone-200 p-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 font-medium break-words text-stone-900">{row.name || "(no name)"}</span>
              <Badge tone={ACTION[row.action].tone}>{ACTION[row.action].label}</Badge>
            </div>
            <p className="mt-1 text-stone-700">
              <span className="text-stone-600">Row {row.row}: </span>
              <RowReason row={row} errors={errorsByRow.get(row.row)} />
            </p>
            <div className="mt-2 empty:hidden">
              <Warnings row={row} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the file and what the import does with each</caption>
          <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Row
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Action
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Why
              </th>
              <th scope="col" className="py-2 font-medium">
                Warnings
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className="border-b border-stone-100 align-top">
                <td className="py-2 pr-4 tabular-nums">{row.row}</td>
                <td className="py-2 pr-4 font-medium break-words text-stone-900">{row.name || "(no name)"}</td>
                <td className="py-2 pr-4">
                  <Badge tone={ACTION[row.action].tone}>{ACTION[row.action].label}</Badge>
                </td>
                <td className="py-2 pr-4 break-words text-stone-700">
                  <RowReason row={row} errors={errorsByRow.get(row.row)} />
                </td>
                <td className="py-2">
                  <Warnings row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > rows.length ? (
        <p className="text-stone-600">
          The first {REVIEW_ROWS_LISTED.toLocaleString("en-US")} rows are listed; the counts above cover all {plural(total, "row")}.
        </p>
      ) : null}
    </div>
  );
}

/** Which of the file's columns become which fields, and the ones left out. */
export function ImportColumns({ columns }: { columns: NonNullable<ImportAnswer["columns"]> }) {
  return (
    <div className="grid gap-4 text-sm md:grid-cols-2">
      <div>
        <h3 className="font-semibold text-stone-900">Read ({columns.mapped.length})</h3>
        {columns.mapped.length > 0 ? (
          <ul className="mt-1 space-y-0.5 text-stone-700">
            {columns.mapped.map((m) => (
              <li key={`${m.column}:${m.field}`} className="break-words">
                {m.column} <span aria-hidden="true">→</span>
                <span className="sr-only"> becomes </span> {m.field.replace(/_/g, " ")}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-stone-600">None.</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">Not imported ({columns.unmapped.length})</h3>
        {columns.unmapped.length > 0 ? (
          <p className="mt-1 break-words text-stone-700">{columns.unmapped.join(", ")}</p>
        ) : (
          <p className="mt-1 text-stone-600">Every column has a place.</p>
        )}
      </div>
    </div>
  );
}
