import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { upsertContacts } from "@/lib/contacts/upsert";
import { api, createUser, type TestUser } from "@/test/api";
import { GET as listContacts } from "@/app/api/v1/contacts/route";
import { chooseEncoding } from "./compression";

// The raw answer, as the server sends it: test/api.ts's call() reads it as text.
async function fetchContacts(user: TestUser, query: string, acceptEncoding?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
  if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
  const res = await listContacts(new Request(`http://localhost:3000/api/v1/contacts${query}`, { headers }), { params: Promise.resolve({}) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function userWithContacts(count: number): Promise<TestUser> {
  const user = await createUser();
  const inputs = Array.from({ length: count }, (_, i) => ({ first_name: `Friend${i}`, last_name: "Example", address1: `${i} Long Street`, city: "Springfield", state: "IL", zip: "62701", country: "US" }));
  await upsertContacts({ db: user.db, user: { id: user.id, accountType: 1 } }, inputs as never);
  return user;
}

describe("compressed JSON answers", () => {
  it("gzips a 100-contact page for a client that accepts gzip, decompressing to the same JSON", async () => {
    const user = await userWithContacts(100);
    const plain = await api.get("/contacts?per_page=100", { token: user.token });
    const { res, bytes } = await fetchContacts(user, "?per_page=100", "gzip, deflate");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(plain.text.length / 3);
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(plain.body);
  });

  it("prefers brotli when the client accepts both", async () => {
    const user = await userWithContacts(20);
    const { res, bytes } = await fetchContacts(user, "?per_page=20", "gzip, deflate, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(bytes).toString("utf8")).data).toHaveLength(20);
  });

  it("sends a body under 1 KiB as it is", async () => {
    const user = await createUser();
    const { res, bytes } = await fetchContacts(user, "", "gzip, br");
    expect(bytes.byteLength).toBeLessThan(1024);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(bytes.toString("utf8")).data).toEqual([]);
  });

  it("sends a large page as it is to a client without Accept-Encoding", async () => {
    const user = await userWithContacts(30);
    const { res, bytes } = await fetchContacts(user, "?per_page=30");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(bytes.byteLength).toBeGreaterThan(1024);
    expect(JSON.parse(bytes.toString("utf8")).data).toHaveLength(30);
  });

  it("honours the client's weights and refusals", () => {
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding(null)).toBeNull();
  });
});
