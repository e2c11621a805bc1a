import ICAL from "ical.js";
import { decode as decodeQuotedPrintable } from "libqp";
import { eventLoopPacer } from "@/lib/pace";
import { setImportedDate } from "./dates";
import { addRowError, splitPersonName, type ImportRow } from "./rows";
import { IMPORT_MAX_CONTACTS, IMPORT_MAX_RECORD_CHARS } from "./schema";

/*
 * Reads vCard 2.1, 3.0 and 4.0 (Apple Contacts, Google Contacts, Outlook, our export) with
 * ical.js, which parses 3.0 and 4.0. The file is read once, line by line: a card runs from a
 * BEGIN:VCARD line to the next END:VCARD line, its folded lines are unfolded and its
 * quoted-printable soft line breaks joined as they come (pieces joined once, never a growing
 * string), and each card is parsed on its own. A card over IMPORT_MAX_RECORD_CHARS (its photos
 * aside) is an error on its row and is not parsed, so no card costs more than a few
 * milliseconds; past IMPORT_MAX_CONTACTS cards the rest are only counted.
 *
 * vCard 2.1 differs from 3.0 in two ways ical.js rejects, so each property first goes through
 * `toVcard3`: parameters written without a name (`TEL;CELL;VOICE:`) become `TYPE=` parameters,
 * and QUOTED-PRINTABLE values are decoded with libqp in their CHARSET and written as 3.0 text.
 */

type JCardProperty = [name: string, params: Record<string, string | string[]>, type: string, ...values: unknown[]];

/**
 * ical.js reads a property's parameters in time quadratic in their number; no program writes more
 * than a few, so a longer name and parameters make the card unreadable.
 */
const MAX_PROPERTY_HEAD_CHARS = 1000;
/** A contact has a few dozen properties; ical.js spends microseconds on each, so a card may have this many. */
const MAX_PROPERTIES = 1000;
const MAX_MESSAGE_CHARS = 200;

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
class LineReader {
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
const BEGIN = /^\s*BEGIN:VCARD\s*$/i;
const END = /^\s*END:VCARD\s*$/i;
const isMarker = (line: string, marker: RegExp) => line.length < 32 && marker.test(line);

type Property = { pieces: string[]; quotedPrintable: boolean; softBreak: boolean };

/** A card being read: its properties so far, unfolded, or why it won't be parsed. */
class OpenCard {
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
    this.skippingBinary = false;
    // Blank lines are left out, and so are binary properties: a folded line after them goes on
    // the property before them, as it did when they were dropped before ical.js unfolded the card.
    if (line.trim() === "") return;
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

const lower = (params: Record<string, string | string[]>, key: string) => {
  const value = params[key];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).toLowerCase();
};

const text = (value: unknown): string => (Array.isArray(value) ? value.map(text).join(" ") : typeof value === "string" ? value : value == null ? "" : String(value)).trim();

const component = (value: unknown, index: number): string | undefined => {
  const part = Array.isArray(value) ? value[index] : index === 0 ? value : undefined;
  const result = text(part);
  return result === "" ? undefined : result;
};

/** Apple Contacts' labels look like `_$!<Spouse>!$_`; others write the word. */
const label = (raw: string) => raw.replace(/^_\$!<|>!\$_$/g, "").toLowerCase();

const SPOUSE = /spouse|husband|wife|partner/;
const CHILD = /child|son|daughter/;
const ANNIVERSARY = /anniversary/;

/** The preferred one of a kind of property (TYPE=pref or PREF=1), else the first. */
function preferred(properties: JCardProperty[]): JCardProperty | undefined {
  return properties.find((p) => lower(p[1], "type").includes("pref") || lower(p[1], "pref") === "1") ?? properties[0];
}

function readCard(row: number, card: unknown[]): ImportRow {
  const properties = (card[1] as JCardProperty[]).map((p) => [p[0].toLowerCase(), p[1], p[2], ...p.slice(3)] as JCardProperty);
  const all = (name: string) => properties.filter((p) => p[0] === name);
  const one = (name: string) => all(name)[0];
  // Each group's first X-ABLabel, found once: a card may have thousands of grouped properties.
  const labels = new Map<string, JCardProperty>();
  for (const p of properties) if (p[0] === "x-ablabel" && typeof p[1].group === "string" && !labels.has(p[1].group)) labels.set(p[1].group, p);
  const groupLabel = (p: JCardProperty) => {
    const group = p[1].group;
    const found = typeof group === "string" ? labels.get(group) : undefined;
    return found ? label(text(found[3])) : lower(p[1], "type");
  };

  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  const uid = one("uid");
  if (uid) result.uuid = text(uid[3]).replace(/^urn:uuid:/i, "") || null;

  const n = one("n");
  if (n) {
    const value = n.length > 4 ? n.slice(3) : n[3];
    input.last_name = component(value, 0);
    input.first_name = component(value, 1);
    input.middle_name = component(value, 2);
    input.prefix = component(value, 3);
  }
  if (!input.first_name && !input.last_name) {
    // A card with only a formatted name: its last word is the last name.
    const fn = one("fn");
    if (fn && text(fn[3])) {
      const split = splitPersonName(text(fn[3]));
      input.first_name = split.first;
      input.last_name = split.last ?? undefined;
    }
  }
  const org = one("org");
  if (org) input.company = component(org.length > 4 ? org.slice(3) : org[3], 0);
  const email = preferred(all("email"));
  if (email) input.email = text(email[3]).replace(/^mailto:/i, "");
  const tel = preferred(all("tel"));
  if (tel) input.phone = text(tel[3]).replace(/^tel:/i, "");
  const adr = preferred(all("adr"));
  if (adr) {
    const value = adr.length > 4 ? adr.slice(3) : adr[3];
    input.apt = component(value, 1);
    input.address = component(value, 2);
    input.city = component(value, 3);
    input.state = component(value, 4);
    input.zip = component(value, 5);
    input.country = component(value, 6);
  }
  const note = one("note");
  if (note) input.notes = text(note[3]);
  const internalId = one("x-cardmail-internal-id") ?? one("x-internal-id");
  if (internalId) input.internal_id = text(internalId[3]);

  const bday = one("bday");
  if (bday) setImportedDate(input, result.errors, "birth", text(bday[3]), bday[1]["x-apple-omit-year"] as string | undefined);
  const anniversary = one("anniversary") ?? one("x-anniversary") ?? all("x-abdate").find((p) => ANNIVERSARY.test(groupLabel(p)));
  if (anniversary) setImportedDate(input, result.errors, "anniversary", text(anniversary[3]), anniversary[1]["x-apple-omit-year"] as string | undefined);

  const related = [...all("related"), ...all("x-abrelatednames")].map((p) => ({ kind: groupLabel(p), name: text(p[3]) })).filter((r) => r.name !== "" && !/^(urn|https?):/i.test(r.name));
  const spouse = related.find((r) => SPOUSE.test(r.kind)) ?? (one("x-spouse") ? { name: text(one("x-spouse")![3]) } : undefined);
  if (spouse?.name) {
    const split = splitPersonName(spouse.name);
    input.spouse_first_name = split.first;
    input.spouse_last_name = split.last;
    result.spouseName = spouse.name;
  }
  const children = related.filter((r) => CHILD.test(r.kind)).map((r) => r.name);
  if (children.length > 0) result.childNames = children;
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return result;
}

export type VcardImport = {
  /** The cards read: the first IMPORT_MAX_CONTACTS (the others are only counted). */
  rows: ImportRow[];
  /** Every card of the file. */
  count: number;
  problems: string[];
};

/**
 * Reads every card of a vCard file; a card ical.js can't read, one cut short (no END:VCARD) and
 * one too large are errors on their rows. Yields to the event loop as it goes.
 */
export async function readContactsVcard(content: string): Promise<VcardImport> {
  const pacer = eventLoopPacer();
  const lines = new LineReader(content.charCodeAt(0) === 0xfeff ? content.slice(1) : content);
  const rows: ImportRow[] = [];
  let count = 0;
  let card: OpenCard | null = null;
  for (let line = lines.next(), n = 1; line !== null; line = lines.next(), n++) {
    if ((n & 63) === 0 && pacer.isDue()) await pacer.pause();
    if (card === null) {
      if (isMarker(line, BEGIN)) {
        count++;
        card = new OpenCard(count, count > IMPORT_MAX_CONTACTS);
      }
    } else if (isMarker(line, END)) {
      if (card.row <= IMPORT_MAX_CONTACTS) rows.push(readOpenCard(card));
      card = null;
      if (pacer.isDue()) await pacer.pause();
    } else {
      card.add(line);
    }
  }
  if (card !== null && card.row <= IMPORT_MAX_CONTACTS) rows.push(errorRow(card.row, "The card has no END:VCARD: the file may be cut short."));
  if (count === 0) return { rows: [], count, problems: ["The file has no vCard in it (BEGIN:VCARD ... END:VCARD)."] };
  return { rows, count, problems: [] };
}

function readOpenCard(card: OpenCard): ImportRow {
  if (card.refusal !== null) return errorRow(card.row, card.refusal);
  try {
    const parsed = ICAL.parse(card.text()) as unknown[];
    // One card parses to the card itself, several to a list of cards.
    const jcard = (typeof parsed[0] === "string" ? parsed : parsed[0]) as unknown[];
    return readCard(card.row, jcard);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return errorRow(card.row, `The card can't be read: ${message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message}.`);
  }
}

function errorRow(row: number, message: string): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  addRowError(result.errors, "row", message);
  return result;
}
