import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isIdPosition, keysetCursor } from "./cursor";
import { perPageQuery, toCursorPage } from "./paging";
import { parseInput } from "./validation";

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
    expect(orders.decode(orders.encode({ id: 7 }))).toEqual({ id: 7 });
    expect(orders.decode(undefined)).toBeUndefined();
    expect(() => ledger.decode(orders.encode({ id: 7 }))).toThrow(expect.objectContaining({ status: 422, details: { errors: { cursor: ["The cursor is invalid."] } } }));
  });
});
