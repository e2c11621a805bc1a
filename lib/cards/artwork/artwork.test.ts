import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { seedCatalog } from "@/db/seed";
import { CATALOG } from "@/db/seed/catalog-data";
import { GET, POST } from "@/app/card-art/[slug]/[file]/route";
import { CARD_ART_VIEWS, MOTIFS, parseArtwork, renderCardArt, type ArtworkCard } from ".";
import { hashString } from "./random";

function cardFrom(slug: string): ArtworkCard {
  const card = CATALOG.find((c) => c.slug === slug)!;
  return { slug: card.slug, name: card.name, isVertical: card.isVertical, isPostcard: card.isPostcard, artistName: "Clara Whitfield", artwork: JSON.stringify(card.artwork) };
}

/** A strict enough XML check: balanced tags, quoted attributes, escaped text, one root. */
function expectWellFormed(svg: string) {
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let last = 0;
  let roots = 0;
  const badAmp = /&(?!(amp|lt|gt|quot|#\d+);)/;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const text = svg.slice(last, m.index);
    expect(text, `text before <${m[2]}>`).not.toMatch(/[<>]/);
    expect(text).not.toMatch(badAmp);
    expect(m[3]).not.toMatch(badAmp);
    const names = [...m[3]!.matchAll(/([\w:.-]+)="/g)].map((a) => a[1]);
    expect(new Set(names).size, `attributes of <${m[2]}>`).toBe(names.length);
    last = tag.lastIndex;
    if (m[1]) {
      expect(stack.pop(), `closing ${m[2]}`).toBe(m[2]);
    } else {
      if (stack.length === 0) roots++;
      if (!m[4]) stack.push(m[2]!);
    }
  }
  expect(svg.slice(last)).toBe("");
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

function expectSelfContained(svg: string) {
  const withoutNamespace = svg.replace('xmlns="http://www.w3.org/2000/svg"', "");
  expect(withoutNamespace).not.toMatch(/https?:|\/\/|href|<image|<script|<foreignObject|@import|@font-face/i);
  // Only references to the document's own gradients and clip paths.
  for (const ref of withoutNamespace.match(/url\([^)]*\)/g) ?? []) expect(ref).toMatch(/^url\(#[\w-]+\)$/);
}

describe("card artwork", () => {
  it("draws a card stored without a motif with one of the first release's motifs, whatever motifs were added since", () => {
    const firstRelease = ["balloons", "confetti", "hearts", "snowflakes", "flowers", "stars", "leaves", "cake", "waves", "geometric", "ornaments", "menorah", "fireworks", "mountains", "rings", "moon", "gradcap"];
    for (const slug of ["admin-made", "spring-sale-2026", "a", "thank-you-team"]) {
      expect(parseArtwork(null, { slug, name: "Made by an admin" }).motif).toBe(firstRelease[hashString(slug) % firstRelease.length]);
    }
  });

  it("draws every view of every catalog card as a self-contained, well-formed SVG", () => {
    for (const catalogCard of CATALOG) {
      const card = cardFrom(catalogCard.slug);
      for (const view of CARD_ART_VIEWS) {
        const svg = renderCardArt(card, view);
        expect(svg.startsWith("<svg "), `${card.slug} ${view}`).toBe(true);
        expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
        expect(svg).not.toContain("NaN");
        expectWellFormed(svg);
        expectSelfContained(svg);
      }
    }
  });

  it("differs between cards and repeats exactly for the same card", () => {
    const a = renderCardArt(cardFrom("balloon-bouquet-birthday"), "front");
    const b = renderCardArt(cardFrom("confetti-pop-birthday"), "front");
    expect(a).not.toBe(b);
    expect(renderCardArt(cardFrom("balloon-bouquet-birthday"), "front")).toBe(a);
    const fronts = new Set(CATALOG.map((c) => renderCardArt(cardFrom(c.slug), "front")));
    expect(fronts.size).toBe(CATALOG.length);
  });

  it("shows the headline on the front and the greeting and artist inside", () => {
    const card = cardFrom("festival-of-lights");
    expect(renderCardArt(card, "front")).toContain(">Happy<");
    expect(renderCardArt(card, "front")).toContain(">Hanukkah<");
    const inside = renderCardArt(card, "inside");
    expect(inside).toContain("Design by Clara Whitfield");
    expect(inside).toMatch(/latkes/);
  });

  it("no two catalog cards share a motif", () => {
    const owners = new Map<string, string[]>();
    for (const card of CATALOG) owners.set(card.artwork.motif, [...(owners.get(card.artwork.motif) ?? []), card.slug]);
    const shared = [...owners].filter(([, slugs]) => slugs.length > 1);
    expect(shared).toEqual([]);
  });

  it("follows the card's orientation and makes a 240 px thumbnail", () => {
    const portrait = cardFrom("balloon-bouquet-birthday");
    const landscape = cardFrom("new-year-sparkle");
    expect(renderCardArt(portrait, "front")).toContain('viewBox="0 0 500 700"');
    expect(renderCardArt(landscape, "front")).toContain('viewBox="0 0 700 500"');
    // Opened flat: side by side for a side fold, stacked for a top fold.
    expect(renderCardArt(portrait, "inside")).toContain('viewBox="0 0 1000 700"');
    expect(renderCardArt(landscape, "inside")).toContain('viewBox="0 0 700 1000"');
    expect(renderCardArt(portrait, "thumbnail")).toMatch(/width="240" height="336"/);
    expect(renderCardArt(landscape, "thumbnail")).toMatch(/width="240" height="171.4"/);
  });

  it("draws every motif, on the front and in the emblem on the back", () => {
    for (const motif of MOTIFS) {
      for (const isVertical of [true, false]) {
        for (const view of ["front", "back"] as const) {
          const svg = renderCardArt({ slug: `m-${motif}`, name: "Motif", isVertical, isPostcard: false, artistName: "A", artwork: { motif } }, view);
          expectWellFormed(svg);
          expectSelfContained(svg);
          expect(svg).not.toContain("NaN");
        }
      }
    }
  });

  it("prints the name, the artist and the maker on the back of a folded card, around a small copy of its motif", () => {
    for (const slug of ["festival-of-lights", "grateful-tide"]) {
      const card = cardFrom(slug);
      const back = renderCardArt(card, "back");
      expect(back).toContain(`aria-label="${card.name} — back"`);
      expect(back).toContain(`>${card.name}<`);
      expect(back).toContain(">Design by Clara Whitfield<");
      expect(back).toContain(">CARDMAIL<");
      expect(back).toContain("FSC-certified paper");
      // One page, the front's size and orientation, with ids of its own beside the other views'.
      expect(back).toMatch(card.isVertical ? /viewBox="0 0 500 700"/ : /viewBox="0 0 700 500"/);
      const uid = /id="(c[0-9a-z]+)-sheen"/.exec(renderCardArt(card, "front"))![1]!;
      const ids = [...back.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(id.startsWith(`${uid}b-`), id).toBe(true);
      expect(back).toContain(`clip-path="url(#${uid}b-emblem)"`);
    }
  });

  it("shows a postcard's address side as its back: the same picture as its inside", () => {
    const postcards = CATALOG.filter((c) => c.isPostcard);
    expect(postcards.length).toBeGreaterThan(0);
    for (const postcard of postcards) {
      const card = cardFrom(postcard.slug);
      expect(renderCardArt(card, "back")).toBe(renderCardArt(card, "inside"));
    }
  });

  it("escapes text and survives missing or malformed artwork", () => {
    const svg = renderCardArt(
      { slug: "odd", name: `Tom & Jerry's <Card>`, isVertical: true, isPostcard: false, artistName: "A & B", artwork: "not json" },
      "front",
    );
    expectWellFormed(svg);
    expect(svg).toContain("&amp;");
    expect(svg).not.toContain("<Card>");
    const art = parseArtwork(JSON.stringify({ motif: "unknown", palette: { background: "red" } }), { slug: "x", name: "Hello" });
    expect(MOTIFS).toContain(art.motif);
    expect(art.palette.background).toMatch(/^#[0-9A-F]{6}$/i);
    expect(art.headline).toBe("Hello");
    expectWellFormed(renderCardArt({ slug: "empty", name: "Plain", isVertical: false, isPostcard: true, artistName: "A", artwork: "{}" }, "inside"));
  });
});

describe("GET /card-art/{slug}/{file}", () => {
  beforeAll(async () => {
    await seedCatalog(await getDb());
  });

  const get = (slug: string, file: string, headers: Record<string, string> = {}) =>
    GET(new Request(`http://localhost:3000/card-art/${slug}/${file}`, { headers }), { params: Promise.resolve({ slug, file }) });

  it("serves each view as a cacheable SVG", async () => {
    for (const view of CARD_ART_VIEWS) {
      const res = await get("balloon-bouquet-birthday", `${view}.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=86400");
      expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      const body = await res.text();
      expect(body.startsWith("<svg")).toBe(true);
    }
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get("confetti-pop-birthday", "front.svg");
    const etag = first.headers.get("etag")!;
    const again = await get("confetti-pop-birthday", "front.svg", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await get("balloon-bouquet-birthday", "front.svg");
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("serves inactive cards, which old projects still show", async () => {
    const retired = CATALOG.find((c) => !c.isActive)!;
    const res = await get(retired.slug, "front.svg");
    expect(res.status).toBe(200);
  });

  it("answers 404 for an unknown card or file", async () => {
    for (const [slug, file] of [
      ["no-such-card", "front.svg"],
      ["balloon-bouquet-birthday", "side.svg"],
      ["balloon-bouquet-birthday", "front.png"],
      ["balloon-bouquet-birthday", "front"],
    ] as const) {
      const res = await get(slug, file);
      expect(res.status, `${slug}/${file}`).toBe(404);
      expect(await res.json()).toEqual({ message: "Card not found" });
    }
  });

  it("refuses other methods", async () => {
    const res = await POST(new Request("http://localhost:3000/card-art/x/front.svg", { method: "POST" }), { params: Promise.resolve({ slug: "x", file: "front.svg" }) });
    expect(res.status).toBe(405);
  });
});
