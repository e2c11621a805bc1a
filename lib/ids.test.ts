import { describe, expect, it } from "vitest";
import { isSerialId, MAX_SERIAL_ID, toSerialId } from "./ids";

const missing = () => new Error("missing");

describe("serial ids", () => {
  it("takes path text and numbers that a serial column can hold, and nothing else", () => {
    expect(toSerialId("12", missing)).toBe(12);
    expect(toSerialId(MAX_SERIAL_ID, missing)).toBe(MAX_SERIAL_ID);
    for (const value of ["0", "-1", "1.5", "12a", "", String(MAX_SERIAL_ID + 1), "99999999999", 0, MAX_SERIAL_ID + 1, Number.NaN]) {
      expect(() => toSerialId(value, missing)).toThrow("missing");
    }
    expect(isSerialId(1)).toBe(true);
    expect(isSerialId(0.5)).toBe(false);
  });
});
