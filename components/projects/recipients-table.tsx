import Link from "next/link";
import { Badge } from "@/components/ui/feedback";
import { HeaderRow } from "@/components/ui/table";
import type { RecipientRow } from "@/lib/projects/view";
import type { CardFormat } from "@/lib/cards/message-fit";
import { RecipientMessageEditor } from "./recipient-message-editor";
import { RemoveRecipientButton } from "./remove-recipient-button";


/** The project's recipients: a table on wide screens, one stacked card per person on phones. */
export function RecipientsTable({ projectUuid, rows, format }: { projectUuid: string; rows: RecipientRow[]; format: CardFormat }) {
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-600">No recipients yet. Add people from your contacts, a group, by hand or from a CSV file.</p>;
  }
  return (
    <table className="block w-full text-left text-sm md:table">
      <thead className="hidden border-b border-stone-200 text-xs tracking-wide text-stone-500 uppercase md:table-header-group">
        <HeaderRow
          cellClass="py-2 font-medium"
          columns={[
            { label: "Name", className: "pr-4" },
            { label: "Address", className: "pr-4" },
            { label: "Message", className: "pr-4" },
            { label: "Status", className: "pr-4" },
            { key: "actions", label: <span className="sr-only">Actions</span> },
          ]}
        />
      </thead>
      <tbody className="block divide-y divide-stone-100 md:table-row-group">
        {rows.map((row) => (
          <tr key={row.contactId} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-3 align-top md:table-row">
            <td className="min-w-0 md:py-3 md:pr-4">
              <Link href={`/contacts/${row.contactId}`} className="font-medium break-words text-stone-900 hover:text-rose-800 hover:underline">
                {row.name}
              </Link>
              {row.company ? <span className="block text-xs text-stone-600">{row.company}</span> : null}
              {row.email ? <span className="block truncate text-xs text-stone-500">{row.email}</span> : null}
            </td>
            <td className="col-start-1 text-stone-700 md:py-3 md:pr-4">
              {row.addressLines.length > 0 ? (
                <address className="not-italic">
                  {row.addressLines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : null}
              {row.orderId === null
                ? row.addressWarnings.map((warning) => (
                    <span key={`${warning.field}:${warning.message}`} className="mt-1 block text-xs font-medium text-amber-800">
                      {warning.message}
                    </span>
                  ))
                : null}
            </td>
            <td className="col-start-1 text-stone-700 md:max-w-56 md:py-3 md:pr-4">
              <RecipientMessageEditor
                projectUuid={projectUuid}
                contactId={row.contactId}
                name={row.name}
                message={row.overrideMessage}
                format={format}
                editable={row.orderId === null}
              />
            </td>
            <td className="col-start-2 row-start-1 md:py-3 md:pr-4">
              {row.orderId !== null ? (
                <Link href={`/orders/${row.orderId}`} className="rounded-full whitespace-nowrap focus-visible:outline-2 focus-visible:outline-rose-600">
                  <Badge tone="green">Ordered</Badge>
                </Link>
              ) : (
                <span className="whitespace-nowrap">
                  <Badge>Not ordered</Badge>
                </span>
              )}
            </td>
            <td className="col-start-2 row-start-2 text-right md:py-3">
              {row.orderId === null ? <RemoveRecipientButton projectUuid={projectUuid} contactId={row.contactId} name={row.name} /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
