import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATALOG } from "@/db/seed/catalog-data";
import { renderCardFront } from ".";

// A shop whose cards look alike is a shop of one card. Each catalog front is rasterised (libvips,
// through sharp) and reduced to two perceptual fingerprints: its shape, a difference hash of the
// grey image (64 bits: is each cell brighter than its right neighbour), and its palette, the
// average colour of a 4 x 4 grid in CIELAB. Two fronts are alike when both are close: a Hamming
// distance of at most 12 of 64 bits and an average colour difference (CIE76 ΔE) under 8. Measured
// on the catalog, a pair read as the same card (stars and snowflakes scattered around one label on
// the same navy) was 12 bits and ΔE 2.7 apart; the closest pairs a person tells apart at a glance
// (a menorah and fireworks on two blues) were 9 bits and ΔE 14.
const SHAPE_ALIKE_BITS = 12;
const PALETTE_ALIKE_DELTA_E = 8;

type Fingerprint = { slug: string; shape: boolean[]; palette: [number, number, number][] };

async function fingerprint(slug: string, svg: string): Promise<Fingerprint> {
  const image = () => sharp(Buffer.from(svg)).flatten({ background: "#ffffff" });
  const grey = await image().resize(9, 8, { fit: "fill" }).grayscale().raw().toBuffer();
  const shape: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) shape.push(grey[y * 9 + x]! > grey[y * 9 + x + 1]!);
  const rgb = await image().resize(4, 4, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const palette: [number, number, number][] = [];
  for (let i = 0; i < rgb.length; i += 3) palette.push(lab(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!));
  return { slug, shape, palette };
}

/** sRGB (D65) to CIELAB. */
function lab(r: number, g: number, b: number): [number, number, number] {
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const shapeDistance = (a: Fingerprint, b: Fingerprint) => a.shape.reduce((sum, bit, i) => sum + (bit !== b.shape[i] ? 1 : 0), 0);
const paletteDistance = (a: Fingerprint, b: Fingerprint) =>
  a.palette.reduce((sum, [l, x, y], i) => {
    const [l2, x2, y2] = b.palette[i]!;
    return sum + Math.hypot(l - l2, x - x2, y - y2);
  }, 0) / a.palette.length;

describe("the catalog's fronts", () => {
  it("are all distinct: no two alike in both shape and palette", async () => {
    const fronts = await Promise.all(
      CATALOG.map((card) =>
        fingerprint(card.slug, renderCardFront({ slug: card.slug, name: card.name, isVertical: card.isVertical, isPostcard: card.isPostcard, artistName: "", artwork: JSON.stringify(card.artwork) })),
      ),
    );
    const alike: string[] = [];
    for (let i = 0; i < fronts.length; i++) {
      for (let j = i + 1; j < fronts.length; j++) {
        const shape = shapeDistance(fronts[i]!, fronts[j]!);
        const palette = paletteDistance(fronts[i]!, fronts[j]!);
        if (shape <= SHAPE_ALIKE_BITS && palette < PALETTE_ALIKE_DELTA_E) alike.push(`${fronts[i]!.slug} and ${fronts[j]!.slug}: ${shape} bits, ΔE ${palette.toFixed(1)}`);
      }
    }
    expect(alike).toEqual([]);
  });

  it("find a front alike to itself and tell two different fronts apart", async () => {
    // The fingerprints themselves: the same front is alike to itself, and two fronts of different
    // motifs and palettes are not (a check that could not fail would prove nothing above).
    const render = (slug: string) => {
      const card = CATALOG.find((c) => c.slug === slug)!;
      return renderCardFront({ slug, name: card.name, isVertical: card.isVertical, isPostcard: card.isPostcard, artistName: "", artwork: JSON.stringify(card.artwork) });
    };
    const balloons = await fingerprint("a", render("balloon-bouquet-birthday"));
    const again = await fingerprint("b", render("balloon-bouquet-birthday"));
    const waves = await fingerprint("c", render("belated-birthday-waves"));
    expect(shapeDistance(balloons, again)).toBe(0);
    expect(paletteDistance(balloons, again)).toBe(0);
    expect(shapeDistance(balloons, waves) > SHAPE_ALIKE_BITS || paletteDistance(balloons, waves) >= PALETTE_ALIKE_DELTA_E).toBe(true);
  });
});
