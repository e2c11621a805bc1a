import { fetchCursorPage } from "@/components/ui/cursor-pages";
import type { ContactListItem, ContactListPage } from "@/lib/contacts/view";

/** One page of the address book from the signed-in session's JSON route. */
export async function fetchContactPage(input: { cursor: string | null; query: string; group: string }, signal?: AbortSignal): Promise<ContactListPage> {
  const params = new URLSearchParams();
  if (input.cursor) params.set("cursor", input.cursor);
  if (input.query) params.set("query", input.query);
  if (input.group) params.set("group", input.group);
  return fetchCursorPage<ContactListItem>(`/contacts/page-data?${params}`, "contacts", signal);
}
