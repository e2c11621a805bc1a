import ICAL from "ical.js";
import { decode as decodeQuotedPrintable } from "libqp";
import { setImportedDate } from "./dates";
import { addRowError, splitPersonName, type ImportRow } from "./rows";

/*
 * Reads vCard 2.1, 3.0 and 4.0 (Apple Contacts, Google Contacts, Outlook, our export) with
 * ical.js, which parses 3.0 and 4.0. vCard 2.1 differs in two ways ical.js rejects, so each
 * card first goes through `from21`: parameters written without a name (`TEL;CELL;VOICE:`)
 * become `TYPE=` parameters, and QUOTED-PRINTABLE values (with their soft line breaks) are
 * decoded with libqp in their CHARSET and written as 3.0 text.
 */

type JCardProperty = [name: string, params: Record<string, string | string[]>, type: string, ...values: unknown[]];

const CARD = /BEGIN:VCARD[\s\S]*?END:VCARD/gi;

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

function from21(card: string): string {
  const physical = card.split(/\r\n|\n|\r/);
  const out: string[] = [];
  let skippingBinary = false;
  for (let i = 0; i < physical.length; i++) {
    const line = physical[i]!;
    if (/^[ \t]/.test(line)) {
      if (!skippingBinary) out.push(line);
      continue;
    }
    skippingBinary = false;
    if (line.trim() === "") continue;
    if (BINARY.test(line)) {
      skippingBinary = true;
      continue;
    }
    const split = splitLine(line);
    if (!split) {
      out.push(line);
      continue;
    }
    const [name, ...params] = split[0].split(";");
    const isQuotedPrintable = params.some((p) => /^(ENCODING=)?QUOTED-PRINTABLE$/i.test(p));
    if (!isQuotedPrintable && params.every((p) => p.includes("="))) {
      out.push(line);
      continue;
    }
    let value = split[1];
    // A soft line break: the value goes on after the "=" ending this line.
    if (isQuotedPrintable) while (value.endsWith("=") && i + 1 < physical.length) value = value.slice(0, -1) + physical[++i]!;
    const kept: string[] = [];
    let charset = "utf-8";
    for (const param of params) {
      const [key, ...rest] = param.split("=");
      if (rest.length === 0) {
        if (!/^QUOTED-PRINTABLE$/i.test(key!)) kept.push(`TYPE=${key}`);
      } else if (/^CHARSET$/i.test(key!)) {
        charset = rest.join("=");
      } else if (!/^ENCODING$/i.test(key!) || !isQuotedPrintable) {
        kept.push(param);
      }
    }
    if (isQuotedPrintable) value = escapeText(decodeText(decodeQuotedPrintable(value), charset));
    out.push([name, ...kept].join(";") + ":" + value);
  }
  return out.join("\r\n") + "\r\n";
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
  const groupLabel = (p: JCardProperty) => {
    const group = p[1].group;
    const found = typeof group === "string" ? properties.find((q) => q[0] === "x-ablabel" && q[1].group === group) : undefined;
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

export type VcardImport = { rows: ImportRow[]; problems: string[] };

/** Reads every card of a vCard file; a card ical.js can't read is an error on its row. */
export function readContactsVcard(content: string): VcardImport {
  const cards = content.replace(/^\uFEFF/, "").match(CARD) ?? [];
  if (cards.length === 0) return { rows: [], problems: ["The file has no vCard in it (BEGIN:VCARD ... END:VCARD)."] };
  const rows = cards.map((card, index): ImportRow => {
    const row = index + 1;
    try {
      const parsed = ICAL.parse(from21(card)) as unknown[];
      // One card parses to the card itself, several to a list of cards.
      const jcard = (typeof parsed[0] === "string" ? parsed : parsed[0]) as unknown[];
      return readCard(row, jcard);
    } catch (error) {
      const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
      addRowError(result.errors, "row", `The card can't be read: ${error instanceof Error ? error.message : String(error)}.`);
      return result;
    }
  });
  return { rows, problems: [] };
}
