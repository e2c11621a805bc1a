import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/address/[secret]/route";
import { api, createUser, type TestUser } from "@/test/api";

/*
 * The page at a shared link, as a friend's browser sees it: plain HTML, its form posted back as
 * application/x-www-form-urlencoded.
 */

async function newLink(user: TestUser, message: string | null = "Cards <soon>!") {
  const { body } = await api.post("/address-requests", { token: user.token, body: { message } });
  return { id: body.data.id as number, secret: (body.data.url as string).split("/address/")[1]! };
}

const params = (secret: string) => ({ params: Promise.resolve({ secret }) });

async function open(secret: string, query = "") {
  const res = await GET(new Request(`http://localhost:3000/address/${secret}${query}`), params(secret));
  return { status: res.status, headers: res.headers, text: await res.text() };
}

let ip = 0;
async function post(secret: string, fields: Record<string, string>, from = `192.0.2.${++ip}`) {
  const res = await POST(
    new Request(`http://localhost:3000/address/${secret}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
      body: new URLSearchParams(fields).toString(),
    }),
    params(secret),
  );
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const filled = { first_name: "Ada", last_name: "Lovelace", address: "12 Peachtree St", apt: "", city: "Atlanta", state: "GA", zip: "30301", country: "", email: "", birth_month: "12", birth_day: "10", birth_year: "", website: "" };

describe("the page at a shared link", () => {
  it("shows the owner's name and message, escaped, and a form without any script", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const page = await open(link.secret);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toContain("Cards &lt;soon&gt;!");
    expect(page.text).not.toContain("<script");
    expect(page.text).not.toContain(owner.email);
    expect(page.text).toContain(`action="/address/${link.secret}"`);
    expect(page.text).toContain('name="website"');
    expect(Buffer.byteLength(page.text)).toBeLessThan(50_000);
  });

  it("sends a filled form: 303 to the thank-you page, which echoes nothing typed", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const sent = await post(link.secret, { ...filled, "children.1.first_name": "Byron", "children.1.birth_month": "5" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/address/${link.secret}?sent=1`);
    const thanks = await open(link.secret, "?sent=1");
    expect(thanks.text).toContain("Thank you");
    expect(thanks.text).not.toContain("Lovelace");
    const [submission] = (await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token })).body.data;
    expect(submission.submitted).toMatchObject({ first_name: "Ada", zip: "30301", birth_month: 12, birth_day: 10, birth_year: null, email: null });
    expect(submission.submitted.children).toEqual([{ first_name: "Byron", birth_month: 5, birth_day: null, birth_year: null }]);
  });

  it("comes back 422 with the sender's own values and each error beside its field, the child's in its row", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const res = await post(link.secret, { ...filled, last_name: "", zip: "97201", "children.2.birth_month": "4" });
    expect(res.status).toBe(422);
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('id="last_name-error"');
    expect(res.text).toMatch(/Oregon, not Georgia/);
    expect(res.text).toContain('id="children-2-first_name-error"');
    expect(res.text).toContain('value="12 Peachtree St"');
    expect((await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token })).body.data).toEqual([]);
  });

  it("shows This link is closed (404) for a closed, deleted or unknown link, and its form sends nothing", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    await api.patch(`/address-requests/${link.id}`, { token: owner.token, body: { open: false } });
    for (const secret of [link.secret, "A".repeat(43), "nonsense"]) {
      const page = await open(secret);
      expect(page.status).toBe(404);
      expect(page.text).toContain("This link is closed");
      expect(page.text).not.toContain("Cards");
    }
    expect((await post(link.secret, filled)).status).toBe(404);
    await api.delete(`/address-requests/${link.id}`, { token: owner.token });
    expect((await open(link.secret)).status).toBe(404);
  });

  it("answers the 11th form from one address in an hour 429 with Retry-After, and a filled honeypot like a real one", async () => {
    const owner = await createUser();
    const link = await newLink(owner, null);
    expect((await post(link.secret, { ...filled, website: "http://spam.example" }, "198.51.100.200")).status).toBe(303);
    for (let i = 0; i < 10; i++) expect((await post(link.secret, filled, "198.51.100.201")).status).toBe(303);
    const refused = await post(link.secret, filled, "198.51.100.201");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toContain("Please try again later");
    expect((await api.get(`/address-requests/${link.id}`, { token: owner.token })).body.data.submissions_pending).toBe(10);
  });
});
