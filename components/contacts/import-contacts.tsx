"use client";

import Link from "next/link";
import { useId, useRef, useState, type DragEvent } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Alert, Panel } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import { ExportSteps } from "./export-steps";
import { type DateOrder, type ImportAnswer } from "./import-answer";
import { ImportColumns, ImportRows } from "./import-review";

type Problem = { message: string; details: string[] };

type State =
  | { step: "choose" }
  | { step: "checking"; file: File }
  | { step: "problem"; file: File | null; problem: Problem }
  | { step: "review"; file: File; answer: ImportAnswer; rechecking: boolean; importing: boolean; importError: string | null }
  | { step: "done"; file: File; answer: ImportAnswer };

const MAX_BYTES = 5 * 1024 * 1024;

function contentType(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv") || file.type === "text/csv") return "text/csv";
  if (name.endsWith(".vcf") || name.endsWith(".vcard") || file.type === "text/vcard" || file.type === "text/x-vcard") return "text/vcard";
  return null;
}

/** A whole-file problem the server names (`errors.file`), else the row errors of an all-or-nothing answer. */
function problemDetails(errors: Record<string, string[]> | undefined): string[] {
  return Object.entries(errors ?? {}).flatMap(([key, messages]) => {
    const row = /^rows\.(\d+)\.(.+)$/.exec(key);
    return messages.map((message) => (row ? `Row ${row[1]}, ${row[2]!.replace(/_/g, " ")}: ${message}` : message));
  });
}

/** The answer with every list present: a server that predates a field answers without it. */
function withDefaults(data: Partial<ImportAnswer> & Pick<ImportAnswer, "created" | "updated" | "unchanged">): ImportAnswer {
  return { ...data, skipped: data.skipped ?? [], date_order: data.date_order ?? "mdy", date_order_matters: data.date_order_matters ?? false, groups_created: data.groups_created ?? [] };
}

async function send(file: File, options: { dryRun: boolean; dateOrder: DateOrder | null }): Promise<{ ok: true; answer: ImportAnswer } | { ok: false; problem: Problem }> {
  const type = contentType(file);
  if (!type) return { ok: false, problem: { message: `${file.name} is not an address book file: choose a .csv or a .vcf (vCard) file.`, details: [] } };
  if (file.size > MAX_BYTES) return { ok: false, problem: { message: `${file.name} is over 5 MB: split it and import the parts one after the other.`, details: [] } };
  const query = new URLSearchParams({ dry_run: String(options.dryRun), on_invalid: "skip" });
  if (options.dateOrder) query.set("date_order", options.dateOrder);
  try {
    // The file's own bytes: the server reads its encoding (UTF-16, Windows-1252), which a text() here would lose.
    const res = await fetch(`/contacts/import-file?${query}`, { method: "POST", headers: { "content-type": type }, body: file });
    const body = (await res.json().catch(() => null)) as { data?: ImportAnswer; message?: string; errors?: Record<string, string[]> } | null;
    if (res.ok && body?.data) return { ok: true, answer: withDefaults(body.data) };
    const details = problemDetails(body?.errors).filter((detail) => detail !== body?.message);
    return { ok: false, problem: { message: body?.message ?? "The file could not be read. Please try again.", details } };
  } catch {
    return { ok: false, problem: { message: "The server could not be reached. Check your connection and try again.", details: [] } };
  }
}

function ProblemAlert({ problem }: { problem: Problem }) {
  return (
    <Alert>
      <p className="font-medium">Nothing was imported. {problem.message}</p>
      {problem.details.length > 0 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {problem.details.slice(0, 20).map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** The people the import would bring in with something to check: no address to mail to, or someone already in the book. */
function ReviewWarnings({ answer }: { answer: ImportAnswer }) {
  const rows = (answer.rows ?? []).filter((row) => row.action !== "skip");
  const noAddress = rows.filter((row) => row.warnings.includes("missing_address")).length;
  const duplicates = rows.filter((row) => row.warnings.includes("possible_duplicate")).length;
  if (noAddress === 0 && duplicates === 0) return null;
  return (
    <Alert tone="info">
      <ul className="space-y-1">
        {noAddress > 0 ? (
          <li>
            {plural(noAddress, "person has", "people have")} no mailing address: add one before sending them a card, or ask them for it from their page.
          </li>
        ) : null}
        {duplicates > 0 ? (
          <li>
            {plural(duplicates, "row looks", "rows look")} like someone already in your book: they are added as new contacts, and you can merge them on the{" "}
            <Link href="/contacts/duplicates" className="font-medium underline underline-offset-2">
              Duplicates
            </Link>{" "}
            page.
          </li>
        ) : null}
      </ul>
    </Alert>
  );
}

function DateOrderChoice({ answer, disabled, onChange }: { answer: ImportAnswer; disabled: boolean; onChange: (order: DateOrder) => void }) {
  const name = useId();
  const options: { value: DateOrder; label: string }[] = [
    { value: "mdy", label: "Month first (04/03/1980 is April 3)" },
    { value: "dmy", label: "Day first (04/03/1980 is 4 March)" },
  ];
  return (
    <fieldset className="rounded-lg border border-stone-200 p-4">
      <legend className="px-1 font-medium text-stone-900">How does this file write dates?</legend>
      <p className="text-stone-600">Its dates have slashes, which are read differently in the US and elsewhere. Check a birthday you know in the rows below.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={answer.date_order === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              className="accent-rose-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ImportContacts() {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: "choose" });
  const [dragging, setDragging] = useState(false);
  const busy = state.step === "checking" || (state.step === "review" && (state.rechecking || state.importing));

  async function check(file: File, dateOrder: DateOrder | null = null) {
    const result = await send(file, { dryRun: true, dateOrder });
    setState(result.ok ? { step: "review", file, answer: result.answer, rechecking: false, importing: false, importError: null } : { step: "problem", file, problem: result.problem });
  }

  function choose(file: File | undefined) {
    if (!file || busy) return;
    setState({ step: "checking", file });
    void check(file);
  }

  async function recheck(order: DateOrder) {
    if (state.step !== "review") return;
    setState({ ...state, rechecking: true });
    await check(state.file, order);
  }

  async function confirm() {
    if (state.step !== "review") return;
    setState({ ...state, importing: true, importError: null });
    const result = await send(state.file, { dryRun: false, dateOrder: state.answer.date_order });
    if (result.ok) setState({ step: "done", file: state.file, answer: result.answer });
    else setState({ ...state, importing: false, importError: result.problem.message });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  return (
    <div className="space-y-6">
      <Panel title="1. Choose a file">
        <div className="space-y-4 text-sm text-stone-700">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
              dragging ? "border-rose-600 bg-rose-50" : "border-stone-300 bg-stone-50",
            )}
          >
            <p className="font-medium text-stone-900">Drop a .csv or .vcf file here</p>
            <p id={hintId} className="text-stone-600">
              A CSV from Google Contacts, Outlook, Thunderbird or Cardmail, or a vCard from Apple Contacts, Google or a phone. Up to 5 MB and 10,000 contacts.
            </p>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,.vcf,.vcard,text/csv,text/vcard"
              aria-describedby={hintId}
              disabled={busy}
              className="peer sr-only"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                // The same file chosen again (after fixing it) is read again.
                event.target.value = "";
              }}
            />
            <label
              htmlFor={inputId}
              className={buttonClass(
                "secondary",
                "md",
                "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
              )}
            >
              Choose a file
            </label>
          </div>
          <ExportSteps />
        </div>
      </Panel>

      <Panel title="2. Review and import">
        <div aria-live="polite" className="space-y-4 text-sm">
          {state.step === "choose" ? <p className="text-stone-600">Choose a file: every row is shown with what will happen to it, and nothing is saved until you confirm.</p> : null}
          {state.step === "checking" ? <p className="text-stone-600">Reading {state.file.name}…</p> : null}
          {state.step === "problem" ? <ProblemAlert problem={state.problem} /> : null}
          {state.step === "review" ? <Review state={state} onDateOrder={(order) => void recheck(order)} onConfirm={() => void confirm()} onCancel={() => setState({ step: "choose" })} /> : null}
          {state.step === "done" ? <Result file={state.file} answer={state.answer} /> : null}
        </div>
      </Panel>
    </div>
  );
}

function Review({
  state,
  onDateOrder,
  onConfirm,
  onCancel,
}: {
  state: Extract<State, { step: "review" }>;
  onDateOrder: (order: DateOrder) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { answer, file } = state;
  const toImport = answer.created + answer.updated;
  const skipped = answer.skipped.length;
  const nothing = toImport === 0;
  return (
    <>
      <p className="text-stone-800">
        <span className="font-medium break-all">{file.name}</span>: {plural(answer.created, "new contact")}, {plural(answer.updated, "update")},{" "}
        {plural(answer.unchanged, "contact")} already up to date, {plural(skipped, "row")} skipped.
      </p>
      {nothing ? (
        <Alert>
          {skipped > 0 && answer.unchanged === 0
            ? "Nothing in this file can be imported: every row is missing something it needs (see below). Correct the file and choose it again."
            : "Nothing to import: everyone in this file is already in your address book as it is."}
        </Alert>
      ) : null}
      {answer.date_order_matters ? <DateOrderChoice answer={answer} disabled={state.rechecking || state.importing} onChange={onDateOrder} /> : null}
      <ReviewWarnings answer={answer} />
      {state.rechecking ? <p className="text-stone-600">Reading the dates again…</p> : null}
      {answer.rows ? (
        <section aria-label="Rows">
          <h3 className="mb-2 font-semibold text-stone-900">Rows</h3>
          <ImportRows answer={answer} />
        </section>
      ) : null}
      {answer.columns ? (
        <section aria-label="Columns">
          <h3 className="mb-2 font-semibold text-stone-900">{file.name.toLowerCase().endsWith(".csv") ? "Columns" : "Properties"}</h3>
          <ImportColumns columns={answer.columns} />
        </section>
      ) : null}
      {state.importError ? <Alert>{state.importError}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button onClick={onConfirm} disabled={nothing || state.rechecking || state.importing}>
          {state.importing ? "Importing…" : `Import ${toImport.toLocaleString("en-US")}, skip ${skipped.toLocaleString("en-US")}`}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={state.importing}>
          Choose another file
        </Button>
      </div>
    </>
  );
}

function Result({ file, answer }: { file: File; answer: ImportAnswer }) {
  return (
    <Alert tone="success">
      <p className="font-medium">
        Imported {file.name}: {plural(answer.created, "new contact")}, {plural(answer.updated, "update")}, {answer.unchanged.toLocaleString("en-US")} unchanged
        {answer.skipped.length > 0 ? `, ${plural(answer.skipped.length, "row")} skipped` : ""}.
      </p>
      {answer.groups_created.length > 0 ? (
        <p className="mt-1">
          {answer.groups_created.length === 1 ? "New group" : "New groups"}: {answer.groups_created.join(", ")}.{" "}
          <Link href="/groups" className="font-medium underline underline-offset-2">
            See your groups
          </Link>
        </p>
      ) : null}
      <p className="mt-1">
        <Link href="/contacts" className="font-medium underline underline-offset-2">
          See your contacts
        </Link>
      </p>
    </Alert>
  );
}
