"use client";

import { addGroupMembersAction } from "@/app/(app)/groups/actions";
import { ContactMultiPicker } from "@/components/contacts/contact-multi-picker";

/** Search-as-you-type over the user's contacts, with checkboxes to add several to a group at once. */
export function MemberPicker({ groupId, renderedAt }: { groupId: number; renderedAt: string }) {
  return (
    <ContactMultiPicker
      includedIn={{ inGroup: groupId }}
      renderedAt={renderedAt}
      target="group"
      includedBadge="In group"
      detail={(contact) => contact.email ?? contact.place ?? "No email"}
      onAdd={(contactIds) => addGroupMembersAction({ group_id: groupId, contact_ids: contactIds })}
      successText={(n) => (n === 0 ? "They were already in the group." : `Added ${n} ${n === 1 ? "contact" : "contacts"} to the group.`)}
      emptyHint="Your address book is empty."
      ids={{ search: "member-search", results: "member-results", checkbox: "pick" }}
      listHeight="max-h-96"
    />
  );
}
