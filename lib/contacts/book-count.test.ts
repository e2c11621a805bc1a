import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute } from "@/db/client";
import { api, createUser, type TestUser } from "@/test/api";

/** The book's kept count beside a count of its rows. */
async function counts(user: TestUser): Promise<{ kept: number; rows: number }> {
  const [row] = await execute<{ kept: number; rows: number }>(
    user.db,
    sql`select coalesce((select contact_count from contact_book_versions where user_id = ${user.id}), 0)::int as kept,
               (select count(*) from contacts where user_id = ${user.id})::int as rows`,
  );
  return row!;
}

describe("the address book's contact count", () => {
  it("stays the number of contacts through creating, importing, deleting, moving and a rollback", async () => {
    const user = await createUser();
    const other = await createUser();
    expect(await counts(user)).toEqual({ kept: 0, rows: 0 });

    const created = await api.post("/contacts", { token: user.token, body: { first_name: "Ann", last_name: "Lee", email: "ann@example.com" } });
    expect(created.status).toBe(201);
    const csv = ["first_name,last_name,email", "Bo,Lee,bo@example.com", "Cy,Lee,cy@example.com", "Ann,Lee,ann2@example.com"].join("\n");
    expect((await api.post("/contacts/import", { token: user.token, rawBody: csv, headers: { "content-type": "text/csv" } })).status).toBe(200);
    expect(await counts(user)).toEqual({ kept: 4, rows: 4 });

    const [ann, annAgain] = await execute<{ id: string }>(user.db, sql`select id from contacts where user_id = ${user.id} and first_name = 'Ann' order by email`);
    expect((await api.delete(`/contacts/${annAgain!.id}`, { token: user.token })).status).toBe(204);
    expect(await counts(user)).toEqual({ kept: 3, rows: 3 });

    // Moved between books (no route does it; the database keeps both counts right all the same).
    await execute(user.db, sql`update contacts set user_id = ${other.id} where id = ${ann!.id}`);
    expect(await counts(user)).toEqual({ kept: 2, rows: 2 });
    expect(await counts(other)).toEqual({ kept: 1, rows: 1 });

    // A statement that rolls back leaves the count as it was.
    await expect(
      user.db.transaction(async (tx) => {
        await execute(tx, sql`delete from contacts where user_id = ${user.id}`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await counts(user)).toEqual({ kept: 2, rows: 2 });
  });
});
