"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Alert, Panel } from "@/components/ui/feedback";

type Counts = { created: number; updated: number; unchanged: number };
type RowError = { row: string; field: string; messages: string[] };

type State =
  | { step: "choose" }
  | { step: "checking" }
  | { step: "invalid"; message: string; errors: RowError[] }
  | { step: "preview"; counts: Counts }
  | { step: "importing"; counts: Counts }
  | { step: "done"; counts: Counts };

const MAX_BYTES = 5 * 1024 * 1024;

/** "rows.7.email" -> row 7, field "email"; a whole-file message has no row. */
function rowErrors(errors: Record<string, string[]>): RowError[] {
  return Object.entries(errors).map(([key, messages]) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    return match ? { row: match[1]!, field: match[2]!.replace(/_/g, " "), messages } : { row: "", field: key === "file" ? "file" : key, messages };
  });
}

function contentType(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv") || file.type === "text/csv") return "text/csv";
  if (name.endsWith(".vcf") || name.endsWith(".vcard") || file.type === "text/vcard" || file.type === "text/x-vcard") return "text/vcard";
  return null;
}

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

export function ImportContacts() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: "choose" });

  async function send(chosen: File, dryRun: boolean): Promise<{ ok: true; counts: Counts } | { ok: false; message: string; errors: RowError[] }> {
    const type = contentType(chosen);
    if (!type) return { ok: false, message: "Choose a .csv or a .vcf file.", errors: [] };
    if (chosen.size > MAX_BYTES) return { ok: false, message: "The file is over 5 MB; split it and import the parts one after the other.", errors: [] };
    try {
      const res = await fetch(`/contacts/import-file${dryRun ? "?dry_run=true" : ""}`, { method: "POST", headers: { "content-type": type }, body: await chosen.text() });
      const body = (await res.json().catch(() => null)) as { data?: Counts; message?: string; errors?: Record<string, string[]> } | null;
      if (res.ok && body?.data) return { ok: true, counts: body.data };
      return { ok: false, message: body?.message ?? "The file could not be imported. Please try again.", errors: rowErrors(body?.errors ?? {}) };
    } catch {
      return { ok: false, message: "The server could not be reached. Check your connection and try again.", errors: [] };
    }
  }

  async function check(chosen: File) {
    setFile(chosen);
    setState({ step: "checking" });
    const result = await send(chosen, true);
    setState(result.ok ? { step: "preview", counts: result.counts } : { step: "invalid", message: result.message, errors: result.errors });
  }

  async function confirm() {
    if (!file || state.step !== "preview") return;
    setState({ step: "importing", counts: state.counts });
    const result = await send(file, false);
    setState(result.ok ? { step: "done", counts: result.counts } : { step: "invalid", message: result.message, errors: result.errors });
  }

  return (
    <div className="space-y-6">
      <Panel title="1. Choose a file">
        <div className="space-y-3 text-sm text-stone-700">
          <p>
            A CSV file (a Cardmail export, or Google Contacts&apos; and Outlook&apos;s CSV export) or a vCard file (.vcf, from Apple Contacts, Google
            Contacts or a phone), up to 5 MB and 10,000 contacts. Contacts the file names by Cardmail id or internal id are updated; the others are added.
          </p>
          <label htmlFor={inputId} className="block font-medium text-stone-900">
            Address book file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,.vcf,.vcard,text/csv,text/vcard"
            className="block w-full max-w-md text-sm text-stone-700 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-50"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) void check(chosen);
            }}
          />
        </div>
      </Panel>

      <Panel title="2. Check and import">
        <div aria-live="polite" className="space-y-4 text-sm">
          {state.step === "choose" ? <p className="text-stone-600">Choose a file: it is checked first, and nothing is saved until you confirm.</p> : null}
          {state.step === "checking" ? <p className="text-stone-600">Checking {file?.name}…</p> : null}
          {state.step === "invalid" ? (
            <>
              <Alert>
                <p className="font-medium">Nothing was imported. {state.message}</p>
                <p className="mt-1">Correct the file and choose it again.</p>
              </Alert>
              {state.errors.length > 0 ? (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Problems in the file, by row</caption>
                    <thead className="border-b border-stone-200 text-xs uppercase text-stone-600">
                      <tr>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Row
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Field
                        </th>
                        <th scope="col" className="py-2 font-medium">
                          Problem
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {state.errors.slice(0, 200).map((error) => (
                        <tr key={`${error.row}.${error.field}`} className="border-b border-stone-100 align-top">
                          <td className="py-2 pr-4 tabular-nums">{error.row || "—"}</td>
                          <td className="py-2 pr-4">{error.field}</td>
                          <td className="py-2 break-words">{error.messages.join(" ")}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {state.errors.length > 200 ? <p className="mt-2 text-stone-600">…and {plural(state.errors.length - 200, "more problem")}.</p> : null}
                </div>
              ) : null}
            </>
          ) : null}
          {state.step === "preview" || state.step === "importing" ? (
            <>
              <p className="text-stone-800">
                {file?.name} is ready: {plural(state.counts.created, "new contact")}, {plural(state.counts.updated, "update")} and{" "}
                {plural(state.counts.unchanged, "contact")} already up to date.
              </p>
              <Button onClick={() => void confirm()} disabled={state.step === "importing" || state.counts.created + state.counts.updated === 0}>
                {state.step === "importing" ? "Importing…" : "Import"}
              </Button>
            </>
          ) : null}
          {state.step === "done" ? (
            <Alert tone="success">
              <p className="font-medium">
                Imported: {plural(state.counts.created, "new contact")}, {plural(state.counts.updated, "update")}, {state.counts.unchanged.toLocaleString("en-US")}{" "}
                unchanged.
              </p>
              <p className="mt-1">
                <Link href="/contacts" className="font-medium underline underline-offset-2">
                  See your contacts
                </Link>
              </p>
            </Alert>
          ) : null}
        </div>
      </Panel>
    </div>
  );
}
