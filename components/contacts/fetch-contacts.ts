import { fetchCursorPage } from "@/components/ui/cursor-pages";
import type { ContactListItem, ContactListPage } from "@/lib/contacts/view";

/** What a picker adds contacts to: each listed contact then comes marked `included` when already there. */
export type ContactPickerTarget = { onProject: string } | { inGroup: number };

/** One page of the address book from the signed-in session's JSON route. */
export async function fetchContactPage(
  input: { cursor: string | null; query: string; group: string; target?: ContactPickerTarget },
  signal?: AbortSignal,
): Promise<ContactListPage> {
  const params = new URLSearchParams();
  if (input.cursor) params.set("cursor", input.cursor);
  if (input.query) params.set("query", input.query);
  if (input.group) params.set("group", input.group);
  if (input.target && "onProject" in input.target) params.set("on_project", input.target.onProject);
  if (input.target && "inGroup" in input.target) params.set("in_group", String(input.target.inGroup));
  return fetchCursorPage<ContactListItem>(`/contacts/page-data?${params}`, "contacts", signal);
}
