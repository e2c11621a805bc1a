"use client";

import { addContactsAction } from "@/app/(app)/projects/actions";
import { ContactMultiPicker } from "@/components/contacts/contact-multi-picker";
import { plural } from "@/components/ui/format";

/** Search-as-you-type over the address book, with checkboxes to put several people on the project. */
export function ContactPicker({ projectUuid, renderedAt }: { projectUuid: string; renderedAt: string }) {
  return (
    <ContactMultiPicker
      includedIn={{ onProject: projectUuid }}
      renderedAt={renderedAt}
      target="project"
      includedBadge="On project"
      detail={(contact) => contact.place ?? "No mailing address"}
      onAdd={(contactIds) => addContactsAction({ project_uuid: projectUuid, contact_ids: contactIds })}
      successText={(n) => (n === 0 ? "They were already on this project." : `Added ${plural(n, "recipient")}.`)}
      emptyHint="Your address book is empty. Add recipients by hand or from a CSV file."
      ids={{ search: "project-contact-search", results: "project-contact-results", checkbox: "project-pick" }}
      listHeight="max-h-80"
    />
  );
}
