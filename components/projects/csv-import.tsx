"use client";

import { useId, useRef, useState, useTransition } from "react";
import { importCsvAction, previewCsvAction, type CsvPreview } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice, NoticeAlert } from "@/components/ui/feedback";
import { notify } from "@/components/ui/toast";
import { monoInputClass } from "@/components/ui/field";
import { plural } from "@/components/ui/format";

type Props = { projectUuid: string; fields: string[]; maxChars: number };

const TEMPLATE =
  "first_name,last_name,address,apt,city,state,zip,country,company,email,internal_id,override_message\r\n" +
  "Jane,Doe,123 Main St,Apt 4,Springfield,IL,62701,US,,jane@example.com,,\r\n" +
  'John,Smith,"45 Oak Ave, Suite 200",,Austin,TX,78701,US,Smith & Co,,CRM-1042,"Thank you for a great year, John!"\r\n';

/**
 * Recipients from a spreadsheet: the file is checked on the server with the API's rules and
 * every row is shown before anything is saved. Only a file without errors can be imported, so a
 * corrected file never creates the same people twice.
 */
export function CsvImport({ projectUuid, fields, maxChars }: Props) {
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ text: string; result: CsvPreview } | null>(null);
  const [message, setMessage] = useState<Notice | null>(null);
  const [checking, startChecking] = useTransition();
  const [importing, startImporting] = useTransition();
  const fileInput = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const ids = { file: useId(), paste: useId(), help: useId() };

  const check = (csv: string) =>
    startChecking(async () => {
      setMessage(null);
      if (csv.trim() === "") {
        setPreview(null);
        setMessage({ tone: "error", text: "Choose a CSV file or paste its rows first." });
        return;
      }
      const result = await previewCsvAction({ csv });
      if (!result.ok) {
        setPreview(null);
        setMessage({ tone: "error", text: result.fieldErrors?.csv?.[0] ?? result.message });
        return;
      }
      setPreview({ text: csv, result: result.data });
      requestAnimationFrame(() => previewHeading.current?.focus());
    });

  const onFile = async (file: File | undefined) => {
    setPreview(null);
    setMessage(null);
    if (!file) return;
    if (file.size > maxChars * 2) {
      setFileName(null);
      setMessage({ tone: "error", text: `${file.name} is too large: at most ${Math.round(maxChars / 1000)} KB can be imported at once.` });
      return;
    }
    const content = await file.text();
    setFileName(file.name);
    setText(content);
    check(content);
  };

  const runImport = () =>
    startImporting(async () => {
      if (!preview) return;
      const result = await importCsvAction({ project_uuid: projectUuid, csv: preview.text });
      if (!result.ok) {
        setMessage({ tone: "error", text: result.fieldErrors?.csv?.[0] ?? result.message });
        return;
      }
      const { imported, created, updated } = result.data;
      const text = `Imported ${plural(imported, "recipient")}: ${plural(created, "new contact")}${updated > 0 ? `, ${plural(updated, "existing contact")} updated by internal ID` : ""}.`;
      setMessage({ tone: "success", text });
      notify(text, { quiet: true });
      setPreview(null);
      setText("");
      setFileName(null);
      if (fileInput.current) fileInput.current.value = "";
    });

  const result = preview?.text === text ? preview.result : null;
  const rowsWithErrors = result ? result.rows.filter((row) => row.errors.length > 0).length : 0;
  const mapped = result ? result.columns.filter((column) => column.field) : [];
  const ignored = result ? result.columns.filter((column) => !column.field && column.header !== "") : [];
  const show = (field: string) => mapped.some((column) => column.field === field);

  return (
    <div className="space-y-4">
      <p id={ids.help} className="text-sm text-stone-600">
        The first row names the columns: <span className="font-medium text-stone-800">first_name, last_name, address, city, state, zip</span> are required;{" "}
        apt, country (US if blank), company, email, internal_id and override_message are optional. Headers like “First Name” or “Postal code” work too.{" "}
        <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="cardmail-recipients.csv" className="font-medium text-rose-800 underline hover:no-underline">
          Download a template
        </a>
        .
      </p>
      <details className="text-sm text-stone-600">
        <summary className="cursor-pointer font-medium text-stone-700">Every column you can use</summary>
        <p className="mt-2 break-words">{fields.join(", ")}</p>
      </details>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.file} className="block text-sm font-medium text-stone-700">
            CSV file
          </label>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={ids.help}
            disabled={checking || importing}
            onChange={(event) => void onFile(event.target.files?.[0])}
            className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-50"
          />
          {fileName ? <p className="text-xs text-stone-500">Loaded {fileName}. Its rows are also in the box, where you can edit them.</p> : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.paste} className="block text-sm font-medium text-stone-700">
            Or paste the rows
          </label>
          <textarea
            id={ids.paste}
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={"first_name,last_name,address,city,state,zip\nJane,Doe,123 Main St,Springfield,IL,62701"}
            spellCheck={false}
            className={monoInputClass}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => check(text)} disabled={checking || importing || text.trim() === ""}>
          {checking ? "Checking…" : "Check rows"}
        </Button>
      </div>

      {preview && !result ? <p className="text-sm text-amber-800">The rows changed since they were checked. Check them again before importing.</p> : null}

      {result ? (
        <section aria-labelledby={`${ids.file}-preview`} className="space-y-3">
          <h3 id={`${ids.file}-preview`} ref={previewHeading} tabIndex={-1} className="text-sm font-semibold text-stone-900 focus:outline-none">
            Preview: {plural(result.rows.length, "row")}, {result.validCount} ready{rowsWithErrors > 0 ? `, ${plural(rowsWithErrors, "with errors", "with errors")}` : ""}
          </h3>
          {result.problems.length > 0 ? (
            <Alert>
              <ul className="list-disc space-y-1 pl-4">
                {result.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {ignored.length > 0 ? <p className="text-sm text-stone-600">Ignored columns (no matching field, or a second column for the same field): {ignored.map((column) => column.header).join(", ")}.</p> : null}
          {rowsWithErrors > 0 ? (
            <div role="alert" className="max-h-48 overflow-y-auto rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <p className="font-medium">Fix these rows in your file (or in the box above) and check again. Nothing has been saved.</p>
              <ul className="mt-2 list-disc space-y-0.5 pl-4">
                {result.rows.flatMap((row) => row.errors).map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {result.rows.length > 0 ? (
            <div className="max-h-[28rem] overflow-auto rounded-lg border border-stone-200">
              <table className="w-full min-w-[52rem] text-left text-xs">
                <caption className="sr-only">Rows of the file</caption>
                <thead className="sticky top-0 bg-stone-100 text-stone-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">Row</th>
                    <th scope="col" className="px-3 py-2 font-medium">Name</th>
                    <th scope="col" className="min-w-44 px-3 py-2 font-medium">Address</th>
                    {show("email") ? <th scope="col" className="px-3 py-2 font-medium">Email</th> : null}
                    {show("company") ? <th scope="col" className="px-3 py-2 font-medium">Company</th> : null}
                    {show("internal_id") ? <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">Internal ID</th> : null}
                    {show("override_message") ? <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">Own message</th> : null}
                    <th scope="col" className="min-w-52 px-3 py-2 font-medium">Check</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {result.rows.map((row) => {
                    const v = row.values;
                    const bad = row.errors.length > 0;
                    return (
                      <tr key={row.row} className={bad ? "bg-red-50/70 align-top" : "align-top"}>
                        <td className="px-3 py-2 text-stone-500 tabular-nums">{row.row}</td>
                        <td className="px-3 py-2 font-medium whitespace-nowrap text-stone-900">{[v.first_name, v.last_name].filter(Boolean).join(" ") || "—"}</td>
                        <td className="px-3 py-2 text-stone-700">
                          {[v.address, v.apt].filter(Boolean).join(", ")}
                          <span className="block">{[[v.city, v.state].filter(Boolean).join(", "), v.zip, v.country].filter(Boolean).join(" ")}</span>
                        </td>
                        {show("email") ? <td className="px-3 py-2 whitespace-nowrap text-stone-700">{v.email}</td> : null}
                        {show("company") ? <td className="px-3 py-2 text-stone-700">{v.company}</td> : null}
                        {show("internal_id") ? <td className="px-3 py-2 text-stone-700">{v.internal_id}</td> : null}
                        {show("override_message") ? <td className="max-w-48 truncate px-3 py-2 text-stone-700" title={v.override_message}>{v.override_message}</td> : null}
                        <td className="px-3 py-2">
                          {bad ? (
                            <ul className="space-y-0.5 text-red-800">
                              {row.errors.map((error) => (
                                <li key={error}>{error.replace(/^Row \d+: /, "")}</li>
                              ))}
                            </ul>
                          ) : (
                            <span className="font-medium text-emerald-700">Ready</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={runImport} disabled={!result.isValid || importing}>
              {importing ? "Importing…" : `Import ${plural(result.validCount, "recipient")}`}
            </Button>
            {!result.isValid ? <p className="text-sm text-stone-600">Every row must be valid before the file can be imported.</p> : null}
          </div>
        </section>
      ) : null}

      <NoticeAlert notice={message} />
    </div>
  );
}
