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
        description="Bring your address book from Google Contacts, Outlook, Apple Contacts or a Cardmail export. Nothing is saved until you confirm."
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
