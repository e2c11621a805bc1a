/*
 * The bytes of an imported file as text. Address books come in UTF-8 (with or without a byte
 * order mark), UTF-16 with its byte order mark (Google's older CSV export, some Windows tools)
 * and Windows-1252 (Outlook on Western Windows). The request's `charset` decides when it names
 * one of these; otherwise a byte order mark does; otherwise UTF-8 when the bytes are valid
 * UTF-8, else Windows-1252 (every byte is a character there, so nothing turns into U+FFFD).
 * The text is decoded in slices so a 5 MiB file never holds the event loop.
 */
import { eventLoopPacer } from "@/lib/pace";

export type ImportCharset = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

const DECODE_BYTES = 256 * 1024;

/** The charset a Content-Type's `charset` parameter names, or null when it names none we read. */
export function charsetOfContentType(contentType: string | null): ImportCharset | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  if (!match) return null;
  const name = match[1]!.toLowerCase();
  if (name === "utf-8" || name === "utf8") return "utf-8";
  if (name === "utf-16" || name === "utf-16le" || name === "unicode") return "utf-16le";
  if (name === "utf-16be") return "utf-16be";
  if (name === "windows-1252" || name === "cp1252" || name === "iso-8859-1" || name === "latin1" || name === "latin-1" || name === "us-ascii") return "windows-1252";
  return null;
}

/** The charset of the bytes: a byte order mark, then the request's charset, then whether they are UTF-8. */
export async function detectCharset(bytes: Uint8Array, declared: ImportCharset | null): Promise<{ charset: ImportCharset; bomLength: number }> {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: "utf-8", bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: "utf-16le", bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: "utf-16be", bomLength: 2 };
  if (declared === "utf-16le" || declared === "utf-16be") return { charset: declared, bomLength: 0 };
  if (declared !== null && declared !== "utf-8") return { charset: declared, bomLength: 0 };
  // UTF-16 without a byte order mark: ASCII text with every other byte zero.
  if (declared === null && bytes.length >= 4) {
    if (bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return { charset: "utf-16le", bomLength: 0 };
    if (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return { charset: "utf-16be", bomLength: 0 };
  }
  return { charset: (await isUtf8(bytes)) ? "utf-8" : "windows-1252", bomLength: 0 };
}

/** Whether the bytes are valid UTF-8, checked a slice at a time with pauses for other requests. */
async function isUtf8(bytes: Uint8Array): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const pacer = eventLoopPacer();
  try {
    for (let start = 0; start < bytes.length; start += DECODE_BYTES) {
      decoder.decode(bytes.subarray(start, Math.min(bytes.length, start + DECODE_BYTES)), { stream: true });
      if (pacer.isDue()) await pacer.pause();
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The file's text, without a byte order mark, and the charset it was read in. */
export async function decodeImportBytes(bytes: Uint8Array, declared: ImportCharset | null): Promise<{ text: string; charset: ImportCharset }> {
  const { charset, bomLength } = await detectCharset(bytes, declared);
  const decoder = new TextDecoder(charset, { ignoreBOM: true });
  const pacer = eventLoopPacer();
  const parts: string[] = [];
  for (let start = bomLength; start < bytes.length; start += DECODE_BYTES) {
    parts.push(decoder.decode(bytes.subarray(start, Math.min(bytes.length, start + DECODE_BYTES)), { stream: true }));
    if (pacer.isDue()) await pacer.pause();
  }
  parts.push(decoder.decode());
  // Stray NULs (a UTF-16 file sent as UTF-8, a padded export) are never part of a contact.
  return { text: parts.join("").replaceAll("\u0000", ""), charset };
}
