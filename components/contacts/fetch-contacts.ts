import type { ContactListPage } from "@/lib/contacts/view";

/** One page of the address book from the signed-in session's JSON route. */
export async function fetchContactPage(input: { cursor: string | null; query: string; group: string }, signal?: AbortSignal): Promise<ContactListPage> {
  const params = new URLSearchParams();
  if (input.cursor) params.set("cursor", input.cursor);
  if (input.query) params.set("query", input.query);
  if (input.group) params.set("group", input.group);
  let response: Response;
  try {
    response = await fetch(`/contacts/page-data?${params}`, { headers: { accept: "application/json" }, signal });
  } catch {
    throw new Error("We couldn't reach Cardmail. Check your connection.");
  }
  const isJson = response.headers.get("content-type")?.includes("application/json");
  // A signed-out session is redirected to the sign-in page, which is HTML.
  if (!isJson || response.status === 401) throw new Error("Your session has ended. Please sign in again.");
  const body = (await response.json()) as ContactListPage | { message?: string };
  if (!response.ok || !("items" in body)) throw new Error(("message" in body && body.message) || "More contacts could not be loaded.");
  return body;
}
