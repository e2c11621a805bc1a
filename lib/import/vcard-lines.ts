import { decode as decodeQuotedPrintable } from "libqp";
import { IMPORT_MAX_RECORD_CHARS } from "./schema";

/*
 * The lines of a vCard file, read once: a card runs from a BEGIN:VCARD line to the next
 * END:VCARD line, its folded lines are unfolded and its quoted-printable soft line breaks joined
 * as they come (pieces joined once, never a growing string). vCard 2.1 differs from 3.0 in two
 * ways ical.js rejects, so each property goes through `toVcard3`: parameters written without a
 * name (`TEL;CELL;VOICE:`) become `TYPE=` parameters, and QUOTED-PRINTABLE values are decoded
 * with libqp in their CHARSET and written as 3.0 text.
 */

/**
 * ical.js reads a property's parameters in time quadratic in their number; no program writes more
 * than a few, so a longer name and parameters make the card unreadable.
 */
const MAX_PROPERTY_HEAD_CHARS = 1000;
/** A contact has a few dozen properties; ical.js spends microseconds on each, so a card may have this many. */
const MAX_PROPERTIES = 1000;

/** Splits a property line at the colon that ends its name and parameters (not one inside quotes). */
function splitLine(line: string): [head: string, value: string] | null {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (char === ":" && !quoted) return [line.slice(0, i), line.slice(i + 1)];
  }
  return null;
}

// Binary properties (photos, sounds, keys) aren't kept, and their 2.1 base64 runs over many lines.
const BINARY = /^(?:[\w-]+\.)?(PHOTO|LOGO|SOUND|KEY)\b/i;
const QUOTED_PRINTABLE = /^(ENCODING=)?QUOTED-PRINTABLE$/i;

const isQuotedPrintable = (head: string) => head.split(";").some((param) => QUOTED_PRINTABLE.test(param));

/** One property of vCard 2.1, 3.0 or 4.0, unfolded, as a 3.0 line ical.js reads. */
function toVcard3(line: string): string {
  const split = splitLine(line);
  if (!split) return line;
  if (split[0].length > MAX_PROPERTY_HEAD_CHARS) throw new Error(`a property's name and parameters run over ${MAX_PROPERTY_HEAD_CHARS.toLocaleString("en-US")} characters`);
  const [name, ...params] = split[0].split(";");
  const quotedPrintable = params.some((p) => QUOTED_PRINTABLE.test(p));
  if (!quotedPrintable && params.every((p) => p.includes("="))) return line;
  const kept: string[] = [];
  let charset = "utf-8";
  for (const param of params) {
    const [key, ...rest] = param.split("=");
    // An empty parameter (`TEL;;CELL:`) says nothing.
    if (key === "" && rest.length === 0) continue;
    if (rest.length === 0) {
      if (!/^QUOTED-PRINTABLE$/i.test(key!)) kept.push(`TYPE=${key}`);
    } else if (/^CHARSET$/i.test(key!)) {
      charset = rest.join("=");
    } else if (!/^ENCODING$/i.test(key!) || !quotedPrintable) {
      kept.push(param);
    }
  }
  const value = quotedPrintable ? escapeText(decodeText(decodeQuotedPrintable(split[1]), charset)) : split[1];
  return [name, ...kept].join(";") + ":" + value;
}

/** The lines of a text one at a time, split at CRLF, LF or CR as `split(/\r\n|\n|\r/)` would, in one pass. */
export class LineReader {
  private position = 0;
  private nextLf = -2;
  private nextCr = -2;

  constructor(private readonly text: string) {}

  next(): string | null {
    const { text, position } = this;
    if (position > text.length) return null;
    if (this.nextLf !== -1 && this.nextLf < position) this.nextLf = text.indexOf("\n", position);
    if (this.nextCr !== -1 && this.nextCr < position) this.nextCr = text.indexOf("\r", position);
    const end = this.nextLf === -1 ? this.nextCr : this.nextCr === -1 ? this.nextLf : Math.min(this.nextLf, this.nextCr);
    if (end === -1) {
      this.position = text.length + 1;
      return text.slice(position);
    }
    this.position = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    return text.slice(position, end);
  }
}

// BEGIN:VCARD or END:VCARD alone on its line, in any case (tested on short lines only).
export const BEGIN = /^\s*BEGIN:VCARD\s*$/i;
export const END = /^\s*END:VCARD\s*$/i;
export const isMarker = (line: string, marker: RegExp) => line.length < 32 && marker.test(line);

type Property = { pieces: string[]; quotedPrintable: boolean; softBreak: boolean };

/** A card being read: its properties so far, unfolded, or why it won't be parsed. */
export class OpenCard {
  private readonly lines: string[] = [];
  private size = 0;
  private properties = 0;
  private property: Property | null = null;
  private skippingBinary = false;
  /** Too large to parse, or past the file's limit: its lines are not kept. */
  private isSkipped: boolean;
  /** Why the card is too large to be parsed, if it is. */
  refusal: string | null = null;

  constructor(
    readonly row: number,
    countOnly: boolean,
  ) {
    this.isSkipped = countOnly;
  }

  add(line: string): void {
    if (this.isSkipped) return;
    const property = this.property;
    // A quoted-printable soft line break: the value goes on with this line, whatever it starts with.
    if (property?.softBreak) {
      if (this.grow(line)) this.addPiece(property, line);
      return;
    }
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (!this.skippingBinary && property && this.grow(line)) this.addPiece(property, line.slice(1));
      return;
    }
    // Blank lines are left out (iPhone's CR CR LF line ends make one after every line), and so
    // are binary properties: a folded line after a blank one goes on with the property before it.
    if (line.trim() === "") return;
    this.skippingBinary = false;
    if (BINARY.test(line.slice(0, 256))) {
      this.skippingBinary = true;
      return;
    }
    this.endProperty();
    if (!this.grow(line)) return;
    if (++this.properties > MAX_PROPERTIES) {
      this.skip(`The card has over ${MAX_PROPERTIES.toLocaleString("en-US")} properties: too many for a contact.`);
      return;
    }
    const split = splitLine(line);
    const next: Property = { pieces: [], quotedPrintable: split !== null && isQuotedPrintable(split[0]), softBreak: false };
    this.property = next;
    this.addPiece(next, line);
  }

  /** The card's lines as 3.0, for ical.js. */
  text(): string {
    this.endProperty();
    return ["BEGIN:VCARD", ...this.lines.map(toVcard3), "END:VCARD", ""].join("\r\n");
  }

  /** Counts a line against the card's size; false (and the card skipped) past the limit. */
  private grow(line: string): boolean {
    this.size += line.length + 1;
    if (this.size <= IMPORT_MAX_RECORD_CHARS) return true;
    this.skip(`The card is too large to be a contact: over ${IMPORT_MAX_RECORD_CHARS / 1024} KiB without its photos.`);
    return false;
  }

  private skip(reason: string): void {
    this.isSkipped = true;
    this.refusal = reason;
    this.lines.length = 0;
    this.property = null;
  }

  private addPiece(property: Property, piece: string): void {
    property.softBreak = property.quotedPrintable && piece.endsWith("=");
    property.pieces.push(property.softBreak ? piece.slice(0, -1) : piece);
  }

  private endProperty(): void {
    if (this.property) this.lines.push(this.property.pieces.join(""));
    this.property = null;
  }
}

function decodeText(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

// Structured values keep their ";" separators; a decoded line break becomes vCard's "\n".
const escapeText = (text: string) => text.replace(/\r\n|\r|\n/g, "\\n");
