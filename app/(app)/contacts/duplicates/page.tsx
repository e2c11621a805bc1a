import type { Metadata } from "next";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { DuplicateGroupCard } from "@/components/contacts/duplicate-group";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/feedback";
import { findDuplicateContacts } from "@/lib/contacts/duplicates";

export const metadata: Metadata = { title: "Duplicate contacts" };

export default async function DuplicatesPage() {
  await connection();
  const ctx = await requireServiceContext();
  const groups = await findDuplicateContacts(ctx);
  return (
    <>
      <PageHeader
        title="Duplicate contacts"
        description="Contacts that share an email, a phone number, or a name and street address. Pick the one to keep: it takes what the others know that it doesn't, their groups and projects, and the others are removed. You see the merged contact before anything changes."
        actions={
          <ButtonLink href="/contacts" variant="secondary" className="whitespace-nowrap">
            Back to contacts
          </ButtonLink>
        }
      />
      {groups.length === 0 ? (
        <EmptyState title="No duplicates">No two contacts share an email, a phone number, or a name and street address.</EmptyState>
      ) : (
        <ul className="space-y-4">
          {groups.map((group) => (
            <li key={`${group.reason}:${group.contacts.map((c) => c.uuid).join(",")}`}>
              <DuplicateGroupCard
                reason={group.reason}
                contacts={group.contacts.map((c) => ({
                  uuid: c.uuid,
                  name: [c.first_name, c.last_name].join(" "),
                  email: c.email,
                  phone: c.phone,
                  address: [c.address, c.apt, c.city, c.state, c.zip].filter(Boolean).join(", ") || null,
                  family: c.children.length + c.pets.length,
                  createdAt: c.created_at,
                  json: c,
                }))}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
