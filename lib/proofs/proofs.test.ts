import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CATALOG } from "@/db/seed/catalog-data";
import { cards, users } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { addRecipients, createCard, createProject } from "@/test/order-fixtures";
import { checkoutPreview } from "./service";

/*
 * Proofs read back with poppler's own tools, as a print shop's preflight would: the pages and
 * their sizes (pdfinfo), every font embedded (pdffonts), and the printed words (pdftotext).
 */

const run = promisify(execFile);
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "cardmail-proofs-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

type ReadProof = { pages: number; sizes: string[]; trimBoxes: string[]; fonts: { name: string; embedded: boolean }[]; text: string };

async function readProof(bytes: Uint8Array): Promise<ReadProof> {
  const file = path.join(folder, `proof-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const info = (await run("pdfinfo", ["-f", "1", "-l", "9", "-box", file])).stdout;
  const fontLines = (await run("pdffonts", [file])).stdout.split("\n").slice(2).filter(Boolean);
  const text = (await run("pdftotext", ["-layout", file, "-"])).stdout;
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]),
    sizes: [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((m) => m[1]!),
    trimBoxes: [...info.matchAll(/^Page\s+\d+ TrimBox:\s+(.+)$/gm)].map((m) => m[1]!.trim().split(/\s+/).map(Number).join(" ")),
    // Columns: name, type (one or two words), encoding, emb, sub, uni, object id.
    fonts: fontLines.map((line) => {
      const cells = line.trim().split(/\s+/);
      return { name: cells[0]!, embedded: cells[cells.length - 5] === "yes" };
    }),
    text: text.replace(/[ \t]+/g, " "),
  };
}

async function proofCard(options: { vertical: boolean }) {
  const db = await getDb();
  const card = await createCard();
  const art = CATALOG.find((item) => item.isVertical === options.vertical && !item.isPostcard && !item.isBox)!;
  await db
    .update(cards)
    .set({ isVertical: options.vertical, artwork: JSON.stringify(art.artwork) })
    .where(eq(cards.id, card.id));
  return card;
}

async function giveReturnAddress(user: TestUser) {
  await user.db
    .update(users)
    .set({ profile: { first_name: "June", last_name: "O'Hara", address: "9 Elm Street", apt: "Suite 200", city: "Austin", state: "Texas", zip: "78701-1234" } })
    .where(eq(users.id, user.id));
}

const squeeze = (text: string) => text.replace(/\s+/g, " ");

describe("proofs", () => {
  it("prints a vertical card's piece of an order: front and inside at 5 x 7 in plus bleed, the envelope, every font embedded", async () => {
    const user = await createUser({ creditCents: 5000 });
    await giveReturnAddress(user);
    const card = await proofCard({ vertical: true });
    const created = await api.post("/projects", {
      token: user.token,
      body: { card_id: card.id, name: "Birthday", automation_message: "Dear {first_name}, happy birthday from all of us!", automation_signoff: "Love, the Parkers", message_font: "caveat" },
    });
    expect(created.body.data.message_font).toBe("caveat");
    const project = { id: created.body.data.uuid as string };
    await addRecipients(user.id, project.id, [{ firstName: "Grace", lastName: "Hopper", address: "12 North Analytical Avenue", apt: "Apt. 4B", city: "Arlington", state: "Virginia", zip: "222011234" }]);
    const checkout = await api.post(`/cart/checkout/${project.id}`, { token: user.token });
    expect(checkout.status).toBe(201);
    const orderId = checkout.body.data.order_id as number;
    const tracking = await api.get(`/orders/track/${orderId}`, { token: user.token });
    const pieceId = tracking.body.data[0].recipients[0].id as number;

    const res = await api.get(`/orders/${orderId}/recipients/${pieceId}/proof`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/filename="proof-order-\d+-\d+\.pdf"/);
    const proof = await readProof(res.bytes);
    expect(proof.pages).toBe(4);
    // Front, inside, back, envelope. 5 x 7 in is 360 x 504 pt; 1/8 in of bleed on every side adds
    // 18 pt each way. The envelope is an A7.
    expect(proof.sizes).toEqual(["378 x 522", "378 x 522", "378 x 522", "522 x 378"]);
    expect(proof.trimBoxes.slice(0, 3)).toEqual(["9 9 369 513", "9 9 369 513", "9 9 369 513"]);
    expect(proof.fonts.length).toBeGreaterThan(0);
    expect(proof.fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(proof.fonts.map((font) => font.name).join(" ")).toMatch(/Caveat/);
    const text = squeeze(proof.text);
    expect(text).toContain("Dear Grace, happy birthday from all of us!");
    expect(text).toContain("Love, the Parkers");
    expect(text).toContain("GRACE HOPPER 12 N ANALYTICAL AVE APT 4B ARLINGTON VA 22201-1234");
    expect(text).toContain("JUNE OHARA 9 ELM ST STE 200 AUSTIN TX 78701-1234");
  });

  it("prints a horizontal project's card before checkout for the recipient asked, in the project's font", async () => {
    const user = await createUser();
    const card = await proofCard({ vertical: false });
    const created = await api.post("/projects", {
      token: user.token,
      body: { card_id: card.id, name: "Thanks", automation_message: "Thank you, {first_name} {last_name}.", automation_signoff: "Sam", message_font: "homemade-apple" },
    });
    expect(created.status).toBe(201);
    const uuid = created.body.data.uuid as string;
    const [, own] = await addRecipients(user.id, uuid, [
      { firstName: "Ada", lastName: "Byron" },
      { firstName: "Alan", lastName: "Turing", overrideMessage: "Alan, {first_name}: thanks for the tea.", country: "GB", state: null, zip: "CB2 1TN", city: "Cambridge", address: "King's Parade" },
    ]);

    const res = await api.get(`/projects/${uuid}/proof?recipient_id=${own!.contact.id}`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const proof = await readProof(res.bytes);
    expect(proof.sizes).toEqual(["522 x 378", "522 x 378", "522 x 378", "522 x 378"]);
    expect(proof.fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(proof.fonts.map((font) => font.name).join(" ")).toMatch(/HomemadeApple/);
    const text = squeeze(proof.text);
    expect(text).toContain("Alan, Alan: thanks for the tea.");
    // Abroad: in capitals, the country's name last.
    expect(text).toContain("ALAN TURING KING'S PARADE CAMBRIDGE CB2 1TN UNITED KINGDOM");

    // Without recipient_id: the first who gets the project's message.
    const first = await readProof((await api.get(`/projects/${uuid}/proof`, { token: user.token })).bytes);
    expect(squeeze(first.text)).toContain("Thank you, Ada Byron.");

    // Checkout shows the same, recipient by recipient, in the proof's order, with the envelope's lines.
    const preview = await checkoutPreview({ db: user.db, user: { id: user.id, accountType: 1 } }, uuid);
    expect(preview.signoff).toBe("Sam");
    expect(preview.returnAddress).toBeNull();
    expect(preview.recipients.map(({ name, message }) => ({ name, message }))).toEqual([
      { name: "Ada Byron", message: "Thank you, Ada Byron." },
      { name: "Alan Turing", message: "Alan, Alan: thanks for the tea." },
    ]);
    expect(preview.recipients[1]!.envelope).toEqual(["ALAN TURING", "KING'S PARADE", "CAMBRIDGE CB2 1TN", "UNITED KINGDOM"]);
  });

  it("prints a project without recipients for the preview's sample person, and a box card at its own size", async () => {
    const user = await createUser();
    const card = await createCard();
    await user.db.update(cards).set({ isBox: true }).where(eq(cards.id, card.id));
    const project = await createProject(user.id, { cardId: card.id, message: "Hello {first_name}!" });

    const res = await api.get(`/projects/${project.id}/proof`, { token: user.token });

    expect(res.status).toBe(200);
    const proof = await readProof(res.bytes);
    // 4.25 x 5.5 in plus bleed; an A2 envelope.
    expect(proof.sizes).toEqual(["324 x 414", "324 x 414", "324 x 414", "414 x 315"]);
    const text = squeeze(proof.text);
    expect(text).toContain("Hello Alex!");
    expect(text).toContain("ALEX MORGAN 100 MAIN ST SPRINGFIELD IL 62701");
    expect(proof.fonts.filter((font) => !font.embedded)).toEqual([]);
  });

  it("answers 404 for another account's proofs and for a recipient not on the project", async () => {
    const owner = await createUser({ creditCents: 5000 });
    const other = await createUser();
    const card = await createCard();
    const project = await createProject(owner.id, { cardId: card.id });
    const [{ contact }] = (await addRecipients(owner.id, project.id, 1)) as unknown as [{ contact: { id: string } }];
    const checkout = await api.post(`/cart/checkout/${project.id}`, { token: owner.token });
    const orderId = checkout.body.data.order_id as number;
    const tracking = await api.get(`/orders/track/${orderId}`, { token: owner.token });
    const pieceId = tracking.body.data[0].recipients[0].id as number;

    const theirs = await api.get(`/orders/${orderId}/recipients/${pieceId}/proof`, { token: other.token });
    expect([theirs.status, theirs.body]).toEqual([404, { message: "Order not found" }]);
    const theirProject = await api.get(`/projects/${project.id}/proof?recipient_id=${contact.id}`, { token: other.token });
    expect([theirProject.status, theirProject.body]).toEqual([404, { message: "Project not found" }]);

    const ownProject = await createProject(other.id, { cardId: card.id });
    const stranger = await api.get(`/projects/${ownProject.id}/proof?recipient_id=${contact.id}`, { token: other.token });
    expect([stranger.status, stranger.body]).toEqual([404, { message: "Recipient not found" }]);
    const wrongPiece = await api.get(`/orders/${orderId}/recipients/${pieceId + 1000000}/proof`, { token: owner.token });
    expect([wrongPiece.status, wrongPiece.body]).toEqual([404, { message: "Recipient not found" }]);
    expect((await api.get(`/orders/${orderId}/recipients/${pieceId}/proof`)).status).toBe(401);
  });
});

describe("message fonts", () => {
  it("lists the faces, and projects and automations take one of them only", async () => {
    const user = await createUser();
    const fonts = await api.get("/fonts", { token: user.token });
    expect(fonts.status).toBe(200);
    expect(fonts.body.data.map((font: { id: string }) => font.id)).toEqual(["lora", "inter", "caveat", "dancing-script", "homemade-apple"]);
    expect(fonts.body.data[2]).toEqual({ id: "caveat", name: "Caveat", style: "handwriting", licence: "SIL Open Font License 1.1" });

    const card = await createCard();
    const project = await api.post("/projects", { token: user.token, body: { card_id: card.id, name: "Plain" } });
    expect(project.body.data.message_font).toBe("lora");
    const bad = await api.post("/projects", { token: user.token, body: { card_id: card.id, name: "Odd", message_font: "comic-sans" } });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ["message_font"]]);

    const automation = await api.post("/automations", {
      token: user.token,
      body: { name: "Birthdays", card_id: card.id, events: ["birthday"], message: "Happy birthday!", active: false, message_font: "dancing-script" },
    });
    expect(automation.status).toBe(201);
    expect(automation.body.data.message_font).toBe("dancing-script");
    const patched = await api.patch(`/automations/${automation.body.data.id}`, { token: user.token, body: { message_font: "inter" } });
    expect(patched.body.data.message_font).toBe("inter");
    const refused = await api.patch(`/automations/${automation.body.data.id}`, { token: user.token, body: { message_font: "x\u0000" } });
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([422, ["message_font"]]);
  });
});
