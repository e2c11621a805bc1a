import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AddressBook } from "@/components/contacts/address-book";
import { CONTACTS_PER_PAGE, toContactListItem } from "@/lib/contacts/view";
import { buttonClass, ButtonLink } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/feedback";
import { listContacts } from "@/lib/contacts/service";
import { listGroupsWithCounts } from "@/lib/groups/service";
import { ReviewNote } from "@/app/(app)/address-requests/_lib/review-note";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

export const metadata: Metadata = { title: "Contacts" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function ContactsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const ctx = await requireServiceContext();
  const { user } = ctx;
  const params = await searchParams;
  const query = single(params.query).trim().slice(0, 255);
  const groups = await listGroupsWithCounts(ctx);
  // A group that is gone (or not this user's) shows the whole book rather than an error.
  const group = groups.find((g) => String(g.id) === single(params.group));
  const page = await listContacts(ctx, { query: query || null, groupId: group?.id ?? null, perPage: CONTACTS_PER_PAGE });

  return (
    <>
      {single(params.welcome) === "1" ? (
        <Alert tone="success" className="mb-6">
          <p className="font-medium">Welcome to Cardmail, {user.username}!</p>
          <p className="mt-1">
            Start with the people you send cards to: add a contact with their address and birthday, and we&apos;ll remind you of every date.{" "}
            <Link prefetch={false} href="/contacts" className="font-medium underline underline-offset-2">
              Dismiss
            </Link>
          </p>
        </Alert>
      ) : null}
      <PageHeader
        title="Contacts"
        description="Your address book: the people you send cards to, with their families and dates."
        actions={
          <>
            {/* Plain links: the files come from a route handler, as downloads. */}
            <a href="/contacts/export?format=csv" download className={buttonClass("secondary")}>
              Export CSV
            </a>
            <a href="/contacts/export?format=vcf" download className={buttonClass("secondary")}>
              Export vCard
            </a>
            <ButtonLink prefetch={false} href="/contacts/import" variant="secondary">
              Import
            </ButtonLink>
            <ButtonLink prefetch={false} href="/contacts/duplicates" variant="secondary">
              Duplicates
            </ButtonLink>
            <ButtonLink prefetch={false} href="/contacts/new">New contact</ButtonLink>
          </>
        }
      />
      <ReviewNote className="mb-6" />
      <AddressBook
        initialPage={{ items: page.items.map((c) => toContactListItem(c)), nextCursor: page.nextCursor }}
        renderedAt={new Date().toISOString()}
        query={query}
        groupId={group ? String(group.id) : ""}
        groups={groups.map((g) => ({ id: String(g.id), name: g.name, count: g.contactsCount }))}
      />
    </>
  );
}
