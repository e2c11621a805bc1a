import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { GroupForm } from "@/components/groups/group-form";
import { EmptyState, PageHeader, Panel } from "@/components/ui/feedback";
import { listGroupsWithCounts } from "@/lib/groups/service";

export const metadata: Metadata = { title: "Groups" };

export default async function GroupsPage() {
  await connection();
  const groups = await listGroupsWithCounts(await requireServiceContext());

  return (
    <>
      <PageHeader title="Groups" description="Lists of contacts, to find people quickly and send one card to many." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {groups.length === 0 ? (
            <EmptyState title="No groups yet">
              Create your first group with the form{" "}
              <span className="lg:hidden">below</span>
              <span className="hidden lg:inline">beside this</span>: Family, Clients, Holiday cards… Then add contacts to it from its page or from any contact.
            </EmptyState>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {groups.map((group) => (
                <li key={group.id} className="relative rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-rose-300">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="min-w-0 text-base font-semibold break-words text-stone-900">
                      <Link
                        href={`/groups/${group.id}`}
                        className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-rose-800 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-rose-600"
                      >
                        {group.name}
                      </Link>
                    </h2>
                    <span className="shrink-0 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700 tabular-nums">
                      {group.contactsCount} {group.contactsCount === 1 ? "contact" : "contacts"}
                    </span>
                  </div>
                  {group.description ? <p className="mt-2 line-clamp-2 text-sm text-stone-600">{group.description}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Panel title="New group" className="self-start">
          <GroupForm />
        </Panel>
      </div>
    </>
  );
}
