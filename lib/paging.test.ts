import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isIdPosition, keysetCursor } from "./cursor";
import { cursorQuery, perPageQuery, toCursorPage } from "./paging";
import { parseInput } from "./validation";

const alice = { user: { id: 1 } };
const bob = { user: { id: 2 } };
const invalidCursor = expect.objectContaining({ status: 422, details: { errors: { cursor: ["The cursor is invalid."] } } });

describe("paging", () => {
  it("defaults per_page to 15 and refuses 0 and 101 rather than clamping", () => {
    const schema = z.object({ per_page: perPageQuery() });
    expect(parseInput(schema, {}).per_page).toBe(15);
    expect(parseInput(schema, { per_page: "100" }).per_page).toBe(100);
    expect(() => parseInput(schema, { per_page: "0" })).toThrow(expect.objectContaining({ status: 422 }));
    expect(() => parseInput(schema, { per_page: "101" })).toThrow(expect.objectContaining({ details: { errors: { per_page: ["The per page field must not be greater than 100."] } } }));
  });

  it("gives a next cursor only when the extra row came back", () => {
    const cursorOf = (last: number) => `after-${last}`;
    expect(toCursorPage([1, 2, 3], 2, cursorOf)).toEqual({ items: [1, 2], nextCursor: "after-2" });
    expect(toCursorPage([1, 2], 2, cursorOf)).toEqual({ items: [1, 2], nextCursor: null });
    expect(toCursorPage([], 2, cursorOf)).toEqual({ items: [], nextCursor: null });
  });

  it("reads back its own cursors and refuses another list's with 422 on cursor", () => {
    const orders = keysetCursor("orders", isIdPosition);
    const ledger = keysetCursor("credit-ledger", isIdPosition);
    expect(orders.decode(alice, orders.encode(alice, { id: 7 }))).toEqual({ id: 7 });
    expect(orders.decode(alice, undefined)).toBeUndefined();
    expect(() => ledger.decode(alice, orders.encode(alice, { id: 7 }))).toThrow(invalidCursor);
  });

  it("binds a cursor to the user it was issued to", () => {
    const orders = keysetCursor("orders", isIdPosition);
    const cursor = orders.encode(alice, { id: 7 });
    expect(orders.decode(alice, cursor)).toEqual({ id: 7 });
    expect(() => orders.decode(bob, cursor)).toThrow(invalidCursor);
  });

  it("hides the position: the cursor reads as noise, and two of one position differ", () => {
    const contacts = keysetCursor("contacts", (value: unknown): value is { l: string } => typeof (value as { l?: unknown })?.l === "string");
    const first = contacts.encode(alice, { l: "Featherstonehaugh" });
    const second = contacts.encode(alice, { l: "Featherstonehaugh" });
    expect(first).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    for (const cursor of [first, second]) {
      expect(Buffer.from(cursor, "base64url").toString("latin1")).not.toContain("Feather");
      expect(contacts.decode(alice, cursor)).toEqual({ l: "Featherstonehaugh" });
    }
  });

  it("refuses every altered letter, a letter more or less, and a position it did not issue", () => {
    const orders = keysetCursor("orders", isIdPosition);
    const cursor = orders.encode(alice, { id: 7 });
    for (let i = 0; i < cursor.length; i++) {
      const altered = `${cursor.slice(0, i)}${cursor[i] === "A" ? "B" : "A"}${cursor.slice(i + 1)}`;
      expect(() => orders.decode(alice, altered)).toThrow(invalidCursor);
    }
    const readable = Buffer.from(JSON.stringify({ id: 7 })).toString("base64url");
    for (const bad of [`${cursor}A`, `${cursor}=`, cursor.slice(0, -1), `${cursor}.`, readable, "", "not a cursor", "\u00e9t\u00e9"]) {
      if (bad === "") expect(orders.decode(alice, bad)).toBeUndefined();
      else expect(() => orders.decode(alice, bad)).toThrow(invalidCursor);
    }
  });

  it("refuses a well-sealed cursor whose position is not the list's shape", () => {
    const misshapen = keysetCursor("orders", (value: unknown): value is { l: string } => typeof (value as { l?: unknown })?.l === "string");
    const orders = keysetCursor("orders", isIdPosition);
    expect(() => orders.decode(alice, misshapen.encode(alice, { l: "Adams" }))).toThrow(invalidCursor);
  });

  it("allows a cursor of the longest names within the query's limit", () => {
    const contacts = keysetCursor("contacts", (value: unknown): value is object => typeof value === "object");
    // 100 characters a name, each escaped by JSON to six: the longest position of a contact.
    const name = "\u0001".repeat(100);
    const cursor = contacts.encode(alice, { d: "next", l: name, f: name, id: "00000000-0000-4000-8000-000000000000" });
    const schema = z.object({ cursor: cursorQuery() });
    expect(parseInput(schema, { cursor }).cursor).toBe(cursor);
  });
});
