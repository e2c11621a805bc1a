import ICAL from "ical.js";
import { eventLoopPacer } from "@/lib/pace";
import { setImportedDate } from "./dates";
import { splitWholeAddress, type Address } from "./vcard-address";
import { BEGIN, END, isMarker, LineReader, OpenCard } from "./vcard-lines";
import { addRowError, splitPersonName, type ImportRow } from "./rows";
import { IMPORT_MAX_CONTACTS } from "./schema";

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

const MAX_MESSAGE_CHARS = 200;


const lower = (params: Record<string, string | string[]>, key: string) => {
  const value = params[key];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).toLowerCase();
};

/**
 * ical.js unescapes `\,`, `\n` and `\\` in text but leaves the backslash of `\;` in an
 * unstructured value (NOTE, FN), and leaves X- properties as written: this finishes the job.
 */
const unescapeResidue = (value: string) => value.replace(/\\;/g, ";");
const unescapeRaw = (value: string) => value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));

const text = (value: unknown): string =>
  (Array.isArray(value) ? value.map(text).join(" ") : typeof value === "string" ? unescapeResidue(value) : value == null ? "" : String(value)).trim();

const component = (value: unknown, index: number): string | undefined => {
  const part = Array.isArray(value) ? value[index] : index === 0 ? value : undefined;
  const result = text(part);
  return result === "" ? undefined : result;
};

/** An X- property's raw value split at its unescaped semicolons, each part unescaped. */
function rawParts(value: unknown): string[] {
  const raw = typeof value === "string" ? value : "";
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === ";") {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(raw.slice(start));
  return parts.map((part) => unescapeRaw(part).trim());
}

/** Apple Contacts' labels look like `_$!<Spouse>!$_`; others write the word. */
const label = (raw: string) => raw.replace(/^_\$!<|>!\$_$/g, "").toLowerCase();

const SPOUSE = /spouse|husband|wife|partner/;
const CHILD = /child|son|daughter/;
const ANNIVERSARY = /anniversary/;

/** A property's TYPE values, lower case, however it was written (`TYPE=CELL,VOICE`, two TYPEs, 2.1's bare `CELL`). */
const types = (p: JCardProperty) => lower(p[1], "type").split(/[,\s]+/).filter(Boolean);
const isPreferred = (p: JCardProperty) => types(p).includes("pref") || lower(p[1], "pref") === "1";

/** The preferred one of a kind of property (TYPE=pref or PREF=1), else the first. */
function preferred(properties: JCardProperty[]): JCardProperty | undefined {
  return properties.find(isPreferred) ?? properties[0];
}

/** Phones in the order a card is mailed or called by: mobile, home, work, other; never a pager or a fax. */
function phoneRank(kinds: string[]): number | null {
  if (kinds.some((kind) => /pager|fax|modem|textphone|bbs/.test(kind))) return null;
  if (kinds.some((kind) => /cell|mobile|iphone/.test(kind))) return 0;
  if (kinds.includes("home")) return 1;
  if (kinds.includes("work")) return 2;
  return 3;
}

/** The first of the lowest rank, a preferred one first within a rank. */
function bestOf(properties: JCardProperty[], rank: (p: JCardProperty) => number | null): JCardProperty | undefined {
  let best: { p: JCardProperty; score: number } | undefined;
  for (const p of properties) {
    const r = rank(p);
    if (r === null) continue;
    const score = r * 2 + (isPreferred(p) ? 0 : 1);
    if (!best || score < best.score) best = { p, score };
  }
  return best?.p;
}

function readAddress(adr: JCardProperty): Address {
  const value = adr.length > 4 ? adr.slice(3) : adr[3];
  const parts: Address = {
    apt: component(value, 1),
    address: component(value, 2),
    city: component(value, 3),
    state: component(value, 4),
    zip: component(value, 5),
    country: component(value, 6),
  };
  if (parts.city || parts.state || parts.zip) return parts;
  // The whole address in one part: the street (Google) or the extended address.
  const whole = [parts.apt, parts.address].filter(Boolean).join("\n");
  if (!/\n/.test(whole)) return parts;
  const split = splitWholeAddress(whole);
  return { ...split, country: split.country ?? parts.country };
}

/** The properties this reader understands; any other a card has is listed as not read (photos aside). */
const READ_PROPERTIES: Record<string, string> = {
  n: "first_name, last_name, middle_name, prefix",
  fn: "full name",
  org: "company",
  email: "email",
  tel: "phone",
  adr: "address",
  note: "notes",
  uid: "uuid",
  bday: "birthday",
  anniversary: "anniversary",
  "x-anniversary": "anniversary",
  "x-ms-anniversary": "anniversary",
  "x-evolution-anniversary": "anniversary",
  "x-abdate": "anniversary",
  related: "spouse, children",
  "x-abrelatednames": "spouse, children",
  "x-ms-spouse": "spouse",
  "x-evolution-spouse": "spouse",
  "x-spouse": "spouse",
  "x-ms-child": "children",
  "x-child": "children",
  categories: "groups",
  "x-cardmail-internal-id": "internal_id",
  "x-internal-id": "internal_id",
  "x-cardmail-spouse": "spouse",
  "x-cardmail-spouse-birthday": "spouse's birthday",
  "x-cardmail-child": "children",
  "x-cardmail-pet": "pets",
};
// Structure, not data: nothing of the contact is lost by not reading these.
const STRUCTURAL = new Set(["version", "x-ablabel", "prodid", "rev", "kind", "source", "name", "profile", "label", "photo", "logo", "sound", "key"]);

/** Google Contacts' own system groups, which are no groups of the person's. */
const SYSTEM_GROUP = /^\*?\s*(my ?contacts|starred)$/i;

function readCard(row: number, card: unknown[], read: Set<string>, unread: Set<string>): ImportRow {
  const properties = (card[1] as JCardProperty[]).map((p) => [p[0].toLowerCase(), p[1], p[2], ...p.slice(3)] as JCardProperty);
  // A name listed once; a hostile file's thousand made-up names are not all kept.
  for (const p of properties) {
    if (Object.hasOwn(READ_PROPERTIES, p[0])) read.add(p[0]);
    else if (!STRUCTURAL.has(p[0]) && unread.size < 100) unread.add(p[0].toUpperCase());
  }
  const all = (name: string) => properties.filter((p) => p[0] === name);
  const one = (name: string) => all(name)[0];
  const first = (...names: string[]) => names.map(one).find((p) => p !== undefined && text(p[3]) !== "");
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
  const fn = one("fn");
  const fullName = fn ? text(fn[3]) : "";
  if (fullName && (!input.first_name || !input.last_name)) {
    // A card without a first or a last name takes both from its formatted name (the last word
    // is the last name), when that has two words or more: one name alone stays what N says.
    result.fullName = fullName;
    const split = splitPersonName(fullName);
    if (split.last !== null) Object.assign(input, { first_name: split.first, last_name: split.last });
    else if (!input.first_name && !input.last_name) input.first_name = split.first;
  }
  const org = one("org");
  if (org) input.company = component(org.length > 4 ? org.slice(3) : org[3], 0);
  const email = preferred(all("email").filter((p) => text(p[3]) !== ""));
  if (email) input.email = text(email[3]).replace(/^mailto:/i, "");
  const tel = bestOf(
    all("tel").filter((p) => text(p[3]) !== ""),
    (p) => phoneRank([...types(p), ...(typeof p[1].group === "string" ? [groupLabel(p)] : [])]),
  );
  if (tel) input.phone = text(tel[3]).replace(/^tel:/i, "");
  const adr = bestOf(all("adr"), (p) => ([...types(p), groupLabel(p)].includes("home") ? 0 : 1));
  if (adr) Object.assign(input, readAddress(adr));
  const note = one("note");
  if (note) input.notes = text(note[3]);
  const internalId = first("x-cardmail-internal-id", "x-internal-id");
  if (internalId) input.internal_id = unescapeRaw(text(internalId[3]));

  const omitYear = (p: JCardProperty) => p[1]["x-apple-omit-year"] as string | undefined;
  const bday = one("bday");
  if (bday) setImportedDate(input, result.errors, "birth", text(bday[3]), omitYear(bday));
  const anniversary =
    first("anniversary", "x-anniversary", "x-ms-anniversary", "x-evolution-anniversary") ?? all("x-abdate").find((p) => ANNIVERSARY.test(groupLabel(p)));
  if (anniversary) setImportedDate(input, result.errors, "anniversary", text(anniversary[3]), omitYear(anniversary));

  const related = [...all("related"), ...all("x-abrelatednames")]
    .map((p) => ({ kind: groupLabel(p), name: text(p[3]) }))
    .filter((r) => r.name !== "" && !/^(urn|https?):/i.test(r.name));
  const otherSpouse = first("x-ms-spouse", "x-evolution-spouse", "x-spouse");
  const spouseName = related.find((r) => SPOUSE.test(r.kind))?.name ?? (otherSpouse ? unescapeRaw(text(otherSpouse[3])) : undefined);
  const ownSpouse = one("x-cardmail-spouse");
  if (ownSpouse) {
    // Our export's spouse, part by part as N: it comes back as it was.
    const [last, given, middle, prefix] = rawParts(ownSpouse[3]);
    Object.assign(input, { spouse_last_name: last || null, spouse_first_name: given || null, spouse_middle_name: middle || null, spouse_prefix: prefix || null });
    result.spouseName = [given, middle, last].filter(Boolean).join(" ");
  } else if (spouseName) {
    const split = splitPersonName(spouseName);
    input.spouse_first_name = split.first;
    input.spouse_last_name = split.last;
    result.spouseName = spouseName;
  }
  const spouseBirthday = one("x-cardmail-spouse-birthday");
  if (spouseBirthday) setImportedDate(input, result.errors, "spouse_birth", text(spouseBirthday[3]));

  const ownChildren = all("x-cardmail-child");
  if (ownChildren.length > 0) {
    input.children = ownChildren.map((p) => {
      const [name, birthday] = rawParts(p[3]);
      return { first_name: name ?? "", ...familyDate(birthday, result, "children") };
    });
  } else {
    const children = [
      ...related.filter((r) => CHILD.test(r.kind)).map((r) => r.name),
      ...[...all("x-ms-child"), ...all("x-child")].map((p) => unescapeRaw(text(p[3]))).filter(Boolean),
    ];
    if (children.length > 0) result.childNames = children;
  }
  const pets = all("x-cardmail-pet");
  if (pets.length > 0) {
    input.pets = pets.map((p) => {
      const [name, kind, birthday] = rawParts(p[3]);
      return { name: name ?? "", secondary_type: kind || null, ...familyDate(birthday, result, "pets") };
    });
  }

  const groups = all("categories")
    .flatMap((p) => p.slice(3).flatMap((value) => (Array.isArray(value) ? value : [value])))
    .map((value) => text(value))
    .filter((name) => name !== "" && !SYSTEM_GROUP.test(name));
  if (groups.length > 0) result.groups = [...new Set(groups)];
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return result;
}

/** A child's or pet's birthday from our export, as the family lists hold it. */
function familyDate(value: string | undefined, row: ImportRow, field: "children" | "pets") {
  const date: Record<string, unknown> = {};
  if (value) setImportedDate(date, row.errors, "birth", value);
  if (row.errors.birth_month) {
    addRowError(row.errors, field, row.errors.birth_month[0]!);
    delete row.errors.birth_month;
  }
  return { birth_month: date.birth_month ?? null, birth_day: date.birth_day ?? null, birth_year: date.birth_year ?? null };
}

export type VcardImport = {
  /** The cards read: the first IMPORT_MAX_CONTACTS (the others are only counted). */
  rows: ImportRow[];
  /** The properties read and the fields they fill, and the names of those the cards have that were not read (photos and structure aside). */
  columns: { mapped: { column: string; field: string }[]; unmapped: string[] };
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
  const unread = new Set<string>();
  const read = new Set<string>();
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
      if (card.row <= IMPORT_MAX_CONTACTS) rows.push(readOpenCard(card, read, unread));
      card = null;
      if (pacer.isDue()) await pacer.pause();
    } else {
      card.add(line);
    }
  }
  if (card !== null && card.row <= IMPORT_MAX_CONTACTS) rows.push(errorRow(card.row, "The card has no END:VCARD: the file may be cut short."));
  const columns = { mapped: [...read].map((name) => ({ column: name.toUpperCase(), field: READ_PROPERTIES[name]! })), unmapped: [...unread] };
  if (count === 0) return { rows: [], columns, count, problems: ["The file has no vCard in it (BEGIN:VCARD ... END:VCARD)."] };
  return { rows, columns, count, problems: [] };
}

function readOpenCard(card: OpenCard, read: Set<string>, unread: Set<string>): ImportRow {
  if (card.refusal !== null) return errorRow(card.row, card.refusal);
  try {
    const parsed = ICAL.parse(card.text()) as unknown[];
    // One card parses to the card itself, several to a list of cards.
    const jcard = (typeof parsed[0] === "string" ? parsed : parsed[0]) as unknown[];
    return readCard(card.row, jcard, read, unread);
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
