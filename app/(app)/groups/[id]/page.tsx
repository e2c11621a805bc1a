import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { DeleteGroupButton } from "@/components/groups/delete-group-button";
import { GroupForm } from "@/components/groups/group-form";
import { MemberPicker } from "@/components/groups/member-picker";
import { MembersList } from "@/components/groups/members-list";
import { ButtonLink } from "@/components/ui/button";
import { Panel } from "@/components/ui/feedback";
import { listGroupMembers } from "@/lib/groups/members";
import { GROUP_MEMBERS_PER_PAGE, toGroupMemberItem } from "@/lib/groups/view";
import { loadGroup } from "../_lib/load-group";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: (await loadGroup((await params).id)).name };
}

export default async function GroupPage({ params }: Params) {
  await connection();
  const ctx = await requireServiceContext();
  const { id } = await params;
  const group = await loadGroup(id);
  const members = await listGroupMembers(ctx, group.id, { perPage: GROUP_MEMBERS_PER_PAGE });
  const renderedAt = new Date().toISOString();
  const count = members.total;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/groups" className="font-medium text-stone-600 hover:text-stone-900">
          ← Groups
        </Link>
      </nav>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-stone-900">{group.name}</h1>
          {group.description ? <p className="mt-1 text-sm whitespace-pre-line text-stone-600">{group.description}</p> : null}
          <p className="mt-1 text-sm text-stone-500">
            {count.toLocaleString("en-US")} {count === 1 ? "contact" : "contacts"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {count > 0 ? <ButtonLink href={`/cards?group=${group.id}`}>Send a card to this group</ButtonLink> : null}
          {count > 0 ? (
            <ButtonLink href={`/contacts?group=${group.id}`} variant="secondary">
              View in address book
            </ButtonLink>
          ) : null}
          <DeleteGroupButton id={group.id} name={group.name} count={count} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-5">
        <Panel title={`Members (${count.toLocaleString("en-US")})`} className="min-w-0 self-start lg:col-span-3">
          {count === 0 ? (
            <p className="text-sm text-stone-500">No one is in this group yet. Search your contacts and tick the people to add.</p>
          ) : (
            <MembersList
              groupId={group.id}
              initialPage={{ items: members.items.map(toGroupMemberItem), nextCursor: members.nextCursor }}
              total={count}
              renderedAt={renderedAt}
            />
          )}
        </Panel>

        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Panel title="Add people">
            <MemberPicker groupId={group.id} renderedAt={renderedAt} />
          </Panel>
          <Panel title="Group details">
            <GroupForm group={{ id: group.id, name: group.name, description: group.description }} />
          </Panel>
        </div>
      </div>
    </>
  );
}
