import { cn } from "@/components/ui/cn";

const PROGRAMS = [
  {
    name: "Google Contacts",
    file: "a Google CSV file",
    steps: [
      <>
        Open{" "}
        <a href="https://contacts.google.com" className="font-medium text-rose-800 underline underline-offset-2" target="_blank" rel="noreferrer">
          contacts.google.com
        </a>{" "}
        on a computer.
      </>,
      <>Click Export (at the top of the list, or under More actions ⋮ when contacts are selected).</>,
      <>Choose all contacts or a label, pick Google CSV, and click Export.</>,
    ],
  },
  {
    name: "Apple Contacts",
    file: "a vCard file (.vcf)",
    steps: [
      <>On a Mac, open Contacts and select everyone (⌘A), or one list in the sidebar.</>,
      <>Choose File › Export › Export vCard… and save the file.</>,
      <>On iCloud.com: open Contacts, select the contacts, then choose Export vCard from the ⋯ menu.</>,
    ],
  },
  {
    name: "Outlook",
    file: "a CSV file",
    steps: [
      <>Outlook on the web and the new Outlook: open People, choose Manage contacts › Export contacts, pick All contacts, and click Export.</>,
      <>Classic Outlook for Windows: File › Open &amp; Export › Import/Export › Export to a file › Comma Separated Values, then pick the Contacts folder.</>,
    ],
  },
] as const;

/** How to get an address book out of the programs people keep one in, folded away until asked for. */
export function ExportSteps({ className }: { className?: string }) {
  return (
    <details className={cn("group rounded-lg border border-stone-200 bg-stone-50 text-left text-sm text-stone-700", className)}>
      <summary className="cursor-pointer rounded-lg px-4 py-3 font-medium text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600">
        How to export your contacts from Google, Apple or Outlook
      </summary>
      <div className="grid gap-4 px-4 pb-4 md:grid-cols-3">
        {PROGRAMS.map((program) => (
          <section key={program.name} aria-label={`From ${program.name}`}>
            <h3 className="font-semibold text-stone-900">{program.name}</h3>
            <p className="text-xs text-stone-600">Gives {program.file}.</p>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {program.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </details>
  );
}
