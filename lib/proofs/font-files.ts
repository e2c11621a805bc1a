import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";
import type { MessageFontId } from "@/lib/fonts";

/*
 * The font files a proof embeds, read from the @fontsource packages the web preview loads its
 * faces from, so both draw the same glyphs. Each is parsed once per process and kept: parsing
 * a face takes tens of milliseconds, a proof must take much less. pdfkit embeds a subset of a
 * parsed face in each document.
 */

type FontFile = { pkg: string; file: string };

const MESSAGE_FONT_FILES: Record<MessageFontId, FontFile> = {
  lora: { pkg: "lora", file: "lora-latin-400-normal.woff" },
  inter: { pkg: "inter", file: "inter-latin-400-normal.woff" },
  caveat: { pkg: "caveat", file: "caveat-latin-400-normal.woff" },
  "dancing-script": { pkg: "dancing-script", file: "dancing-script-latin-400-normal.woff" },
  "homemade-apple": { pkg: "homemade-apple", file: "homemade-apple-latin-400-normal.woff" },
};

/** The card art's own faces (lib/cards/artwork/text.ts names them by CSS family), as printed. */
export type ArtFace = "serif" | "sans" | "script";
const ART_FONT_FILES: Record<ArtFace, FontFile> = {
  serif: { pkg: "lora", file: "lora-latin-700-normal.woff" },
  sans: { pkg: "inter", file: "inter-latin-700-normal.woff" },
  script: { pkg: "dancing-script", file: "dancing-script-latin-700-normal.woff" },
};

const parsed = new Map<string, fontkit.Font>();

function load({ pkg, file }: FontFile): fontkit.Font {
  const key = `${pkg}/${file}`;
  let font = parsed.get(key);
  if (!font) {
    // Resolved from the project folder: the server and the tests both run there, and a bundler
    // must not copy the files into its chunks.
    const bytes = readFileSync(path.join(process.cwd(), "node_modules", "@fontsource", pkg, "files", file));
    font = fontkit.create(sfntOfWoff(bytes)) as fontkit.Font;
    parsed.set(key, font);
  }
  return font;
}

/**
 * The plain TrueType file inside a WOFF: fontkit reads WOFF itself, but inflates a table again
 * on every read, and subsetting reads the glyph table once per glyph (a proof took hundreds of
 * milliseconds). Inflated once here, every later read is a slice.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const headerLength = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  woff.copy(out, 0, 4, 8); // the flavor: TrueType or CFF outlines
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(out, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

export const messageFontFile = (id: MessageFontId): fontkit.Font => load(MESSAGE_FONT_FILES[id]);
export const artFontFile = (face: ArtFace): fontkit.Font => load(ART_FONT_FILES[face]);
