import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/feedback";
import { ImportContacts } from "@/components/contacts/import-contacts";

export const metadata: Metadata = { title: "Import contacts" };

export default function ImportContactsPage() {
  return (
    <>
      <PageHeader
        title="Import contacts"
        description="Bring your address book from Google Contacts, Apple Contacts, Outlook, Thunderbird or a Cardmail export. You see what happens to every row before anything is saved."
        actions={
          <ButtonLink href="/contacts" variant="secondary" className="whitespace-nowrap">
            Back to contacts
          </ButtonLink>
        }
      />
      <ImportContacts />
    </>
  );
}
