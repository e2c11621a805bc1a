import { describe, expect, it } from "vitest";
import { blocks, inline } from "./markdown";

describe("blocks", () => {
  it("splits headings, paragraphs, lists and code spans", () => {
    const text = "Intro with `code`.\nStill the intro.\n\n## Authentication\n1. First `POST /auth/login`.\n2. Second\n   continued.\n\n- a\n- b";
    expect(blocks(text)).toEqual([
      { kind: "paragraph", text: [{ text: "Intro with ", code: false }, { text: "code", code: true }, { text: ". Still the intro.", code: false }] },
      { kind: "heading", text: [{ text: "Authentication", code: false }] },
      {
        kind: "list",
        ordered: true,
        items: [
          [
            { text: "First ", code: false },
            { text: "POST /auth/login", code: true },
            { text: ".", code: false },
          ],
          [{ text: "Second continued.", code: false }],
        ],
      },
      { kind: "list", ordered: false, items: [[{ text: "a", code: false }], [{ text: "b", code: false }]] },
    ]);
  });

  it("keeps markup as text (nothing is HTML) and an unmatched backtick as is", () => {
    expect(inline("<script>x</script> a `b")).toEqual([{ text: "<script>x</script> a `b", code: false }]);
    expect(blocks(undefined)).toEqual([]);
  });

  it("reads CommonMark: emphasis and links keep only their text, a code block is code", () => {
    expect(inline("*Only* [active](https://example.com) cards &amp; `price`")).toEqual([
      { text: "Only active cards & ", code: false },
      { text: "price", code: true },
    ]);
    expect(blocks("- one\n\n  more\n- two\n\n```\n{}\n```")).toEqual([
      { kind: "list", ordered: false, items: [[{ text: "one more", code: false }], [{ text: "two", code: false }]] },
      { kind: "paragraph", text: [{ text: "{}", code: true }] },
    ]);
  });
});
