import { describe, expect, it } from "vitest";
import { listPicture } from "./list-picture";

describe("listPicture", () => {
  it("is the thumbnail, else the front, else nothing", () => {
    const front = { type: "front", path: "/f.svg" };
    const thumbnail = { type: "thumbnail", path: "/t.svg" };
    expect(listPicture([front, thumbnail])).toBe(thumbnail);
    expect(listPicture([{ type: "inside", path: "/i.svg" }, front])).toBe(front);
    expect(listPicture([{ type: "inside", path: "/i.svg" }])).toBeUndefined();
  });
});
