import { describe, expect, it } from "vitest";
import { api, createUser } from "@/test/api";

// A switchboard's number shared by more contacts than one lookup statement carries on PGlite
// (existing.ts pages them): every row must still find its own contact among them.
describe("POST /contacts/import: many contacts with one phone", () => {
  it("finds each of 1,200 contacts sharing a phone again when the same file comes back", async () => {
    const user = await createUser();
    const rows = Array.from({ length: 1200 }, (_, i) => `Person${i},Staff,+1 (555) 010-0000`);
    const file = `first_name,last_name,phone\n${rows.join("\n")}\n`;
    const send = () => api.post("/contacts/import", { token: user.token, rawBody: file, headers: { "content-type": "text/csv" } });

    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: 1200, updated: 0, unchanged: 0 });

    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1200 });
  });
});
