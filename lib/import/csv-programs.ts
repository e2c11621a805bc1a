import { deferDate, dropUnset, setFullName, setGroups, setSpouse, type Cells } from "./csv-row";
import type { ImportRow } from "./rows";
import { splitWholeAddress } from "./vcard-address";

/*
 * The rows of other programs' CSV exports, told apart by their header (csv.ts): Google Contacts
 * (old and 2024), Outlook and Thunderbird. Headers are normalized ("E-mail 1 - Value" ->
 * "email1value"). Of several addresses the home one, then the first filled; phones mobile, home,
 * work, other, never a pager or fax.
 */

export type ProgramFormat = "google" | "outlook" | "thunderbird";

const first = (cells: Cells, ...keys: string[]) => {
  for (const key of keys) {
    const value = cells.get(key)?.trim();
    if (value) return value;
  }
  return undefined;
};

/** Google packs several values of one kind into a cell, separated by " ::: ". */
const firstOfMany = (value: string | undefined) => value?.split(" ::: ")[0]?.trim() || undefined;

/** Google's numbered columns of one kind ("E-mail 1 - Value", "E-mail 2 - Value") by number, found once per file. */
export type NumberedColumns = (kind: string, part: string) => { n: number; digits: string; key: string; column: number }[];

export function numberedColumns(headers: readonly string[]): NumberedColumns {
  const firstColumn = new Map<string, number>();
  headers.forEach((header, column) => {
    if (!firstColumn.has(header)) firstColumn.set(header, column);
  });
  const found = new Map<string, ReturnType<NumberedColumns>>();
  return (kind, part) => {
    const id = `${kind}/${part}`;
    let columns = found.get(id);
    if (!columns) {
      const pattern = new RegExp(`^${kind}(\\d+)${part}$`);
      columns = [...firstColumn]
        .flatMap(([key, column]) => {
          const match = pattern.exec(key);
          return match ? [{ n: Number(match[1]), digits: match[1]!, key, column }] : [];
        })
        .sort((a, b) => a.n - b.n);
      found.set(id, columns);
    }
    return columns;
  };
}

/** The filled values of numbered columns, with their labels, by number; only the first when `firstOnly`. */
function numbered(cells: Cells, columns: NumberedColumns, kind: string, part: string, firstOnly = false): { n: number; label: string; value: string }[] {
  const found: { n: number; label: string; value: string }[] = [];
  for (const { n, digits, key, column } of columns(kind, part)) {
    if (column >= cells.length) continue;
    const value = (cells.get(key) ?? "").trim();
    if (value === "") continue;
    found.push({ n, label: (cells.get(`${kind}${digits}label`) ?? cells.get(`${kind}${digits}type`) ?? "").trim().toLowerCase(), value });
    if (firstOnly) break;
  }
  return found;
}

const SPOUSE_LABELS = /spouse|husband|wife|partner/;
const CHILD_LABELS = /child|son|daughter/;

/** A phone's place by its label: mobile, home, work, other; pagers and faxes never. */
function phoneRank(label: string): number | null {
  if (/fax|pager/.test(label)) return null;
  if (/mobile|cell/.test(label)) return 0;
  if (/home/.test(label)) return 1;
  if (/work|business/.test(label)) return 2;
  return 3;
}

function preferredPhone(phones: { label: string; value: string }[]): string | undefined {
  let best: { rank: number; value: string } | undefined;
  for (const phone of phones) {
    const rank = phoneRank(phone.label);
    if (rank !== null && (best === undefined || rank < best.rank)) best = { rank, value: phone.value };
  }
  return firstOfMany(best?.value);
}

export function readGoogleRow(row: number, cells: Cells, columns: NumberedColumns): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "nameprefix");
  input.first_name = first(cells, "firstname", "givenname");
  input.middle_name = first(cells, "middlename", "additionalname");
  input.last_name = first(cells, "lastname", "familyname");
  input.company = first(cells, "organizationname", "organization1name");
  input.email = firstOfMany(numbered(cells, columns, "email", "value", true)[0]?.value);
  input.phone = preferredPhone(numbered(cells, columns, "phone", "value"));
  // The home address, else the first one with a street or a city.
  const addresses = [...numbered(cells, columns, "address", "street"), ...numbered(cells, columns, "address", "city")];
  const address = addresses.find((a) => a.label.includes("home")) ?? addresses.sort((a, b) => a.n - b.n)[0];
  if (address) {
    const n = address.n;
    input.address = firstOfMany(first(cells, `address${n}street`));
    input.apt = firstOfMany(first(cells, `address${n}extendedaddress`));
    input.city = firstOfMany(first(cells, `address${n}city`));
    input.state = firstOfMany(first(cells, `address${n}region`));
    input.zip = firstOfMany(first(cells, `address${n}postalcode`));
    input.country = firstOfMany(first(cells, `address${n}country`));
  } else {
    // Only the address as one text ("Address 1 - Formatted"): split into its parts when it reads as one.
    const formatted = numbered(cells, columns, "address", "formatted");
    const whole = formatted.find((a) => a.label.includes("home")) ?? formatted[0];
    if (whole) Object.assign(input, splitWholeAddress(firstOfMany(whole.value) ?? ""));
  }
  input.notes = first(cells, "notes");
  const birthday = first(cells, "birthday");
  if (birthday) deferDate(result, "birth", birthday);
  const anniversary = numbered(cells, columns, "event", "value").find((event) => event.label.includes("anniversary"));
  if (anniversary) deferDate(result, "anniversary", anniversary.value);
  const relations = numbered(cells, columns, "relation", "value");
  const spouse = relations.find((relation) => SPOUSE_LABELS.test(relation.label));
  if (spouse) setSpouse(result, spouse.value);
  const children = relations.filter((relation) => CHILD_LABELS.test(relation.label)).map((relation) => relation.value);
  if (children.length > 0) result.childNames = children;
  setFullName(result, first(cells, "name", "fileas"));
  setGroups(result, first(cells, "labels", "groupmembership"));
  dropUnset(input);
  return result;
}

// Outlook names the second address "Business" in English and "Work" in some exports.
const OUTLOOK_ADDRESS_KINDS = [["home"], ["business", "work"], ["other"]];

export function readOutlookRow(row: number, cells: Cells): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "title");
  input.first_name = first(cells, "firstname");
  input.middle_name = first(cells, "middlename");
  input.last_name = first(cells, "lastname");
  input.company = first(cells, "company");
  input.email = first(cells, "emailaddress", "emailhome", "email2address", "emailwork", "email3address", "emailother");
  input.phone = first(cells, "mobilephone", "homemobile", "homephone", "homephone2", "primaryphone", "businessphone", "businessphone2", "companymainphone", "otherphone", "carphone");
  // The home address, else the business one, else the other one.
  const kinds = OUTLOOK_ADDRESS_KINDS.find((names) => first(cells, ...names.flatMap((k) => [`${k}street`, `${k}city`])));
  if (kinds) {
    const of = (...parts: string[]) => first(cells, ...kinds.flatMap((k) => parts.map((part) => `${k}${part}`)));
    input.address = of("street");
    input.apt = [of("street2"), of("street3")].filter(Boolean).join(", ") || undefined;
    input.city = of("city");
    input.state = of("state");
    input.zip = of("postalcode", "zip", "zipcode");
    input.country = of("countryregion", "country");
  }
  input.notes = first(cells, "notes");
  const birthday = first(cells, "birthday");
  if (birthday) deferDate(result, "birth", birthday);
  const anniversary = first(cells, "anniversary");
  if (anniversary) deferDate(result, "anniversary", anniversary);
  const spouse = first(cells, "spouse");
  if (spouse) setSpouse(result, spouse);
  const children = first(cells, "children");
  if (children) result.childNames = children.split(/[;,]/).map((name) => name.trim()).filter(Boolean);
  setFullName(result, first(cells, "displayname", "name"));
  setGroups(result, first(cells, "categories"));
  dropUnset(input);
  return result;
}

export function readThunderbirdRow(row: number, cells: Cells): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.first_name = first(cells, "firstname");
  input.last_name = first(cells, "lastname");
  input.company = first(cells, "organization");
  input.email = first(cells, "primaryemail", "secondaryemail");
  input.phone = first(cells, "mobilenumber", "homephone", "workphone");
  const kind = ["home", "work"].find((k) => first(cells, `${k}address`, `${k}city`));
  if (kind) {
    input.address = first(cells, `${kind}address`);
    input.apt = first(cells, `${kind}address2`);
    input.city = first(cells, `${kind}city`);
    input.state = first(cells, `${kind}state`);
    input.zip = first(cells, `${kind}zipcode`);
    input.country = first(cells, `${kind}country`);
  }
  input.notes = first(cells, "notes");
  const [year, month, day] = [first(cells, "birthyear"), first(cells, "birthmonth"), first(cells, "birthday")];
  if (month && day) {
    input.birth_month = month;
    input.birth_day = day;
    input.birth_year = year;
  }
  setFullName(result, first(cells, "displayname"));
  dropUnset(input);
  return result;
}

/** The headers each program's reader reads, and the field they fill (for the dry run's `columns`). */
export const KNOWN_COLUMNS: Record<ProgramFormat, [RegExp, string][]> = {
  google: [
    [/^(nameprefix)$/, "prefix"],
    [/^(firstname|givenname)$/, "first_name"],
    [/^(middlename|additionalname)$/, "middle_name"],
    [/^(lastname|familyname)$/, "last_name"],
    [/^(name|fileas)$/, "full_name"],
    [/^organization1?name$/, "company"],
    [/^email\d+value$/, "email"],
    [/^phone\d+value$/, "phone"],
    [/^address\d+street$/, "address"],
    [/^address\d+extendedaddress$/, "apt"],
    [/^address\d+city$/, "city"],
    [/^address\d+region$/, "state"],
    [/^address\d+postalcode$/, "zip"],
    [/^address\d+country$/, "country"],
    [/^address\d+formatted$/, "address"],
    [/^notes$/, "notes"],
    [/^birthday$/, "birthday"],
    [/^event\d+value$/, "anniversary"],
    [/^relation\d+value$/, "spouse"],
    [/^(labels|groupmembership)$/, "groups"],
  ],
  outlook: [
    [/^title$/, "prefix"],
    [/^firstname$/, "first_name"],
    [/^middlename$/, "middle_name"],
    [/^lastname$/, "last_name"],
    [/^(displayname|name)$/, "full_name"],
    [/^company$/, "company"],
    [/^(emailaddress|email2address|email3address|emailhome|emailwork|emailother)$/, "email"],
    [/^(mobilephone|homemobile|homephone2?|primaryphone|businessphone2?|companymainphone|otherphone|carphone)$/, "phone"],
    [/^(home|business|work|other)street$/, "address"],
    [/^(home|business|work|other)street[23]$/, "apt"],
    [/^(home|business|work|other)city$/, "city"],
    [/^(home|business|work|other)state$/, "state"],
    [/^(home|business|work|other)(postalcode|zip|zipcode)$/, "zip"],
    [/^(home|business|work|other)(countryregion|country)$/, "country"],
    [/^notes$/, "notes"],
    [/^birthday$/, "birthday"],
    [/^anniversary$/, "anniversary"],
    [/^spouse$/, "spouse"],
    [/^children$/, "children"],
    [/^categories$/, "groups"],
  ],
  thunderbird: [
    [/^firstname$/, "first_name"],
    [/^lastname$/, "last_name"],
    [/^displayname$/, "full_name"],
    [/^organization$/, "company"],
    [/^(primaryemail|secondaryemail)$/, "email"],
    [/^(mobilenumber|homephone|workphone)$/, "phone"],
    [/^(home|work)address$/, "address"],
    [/^(home|work)address2$/, "apt"],
    [/^(home|work)city$/, "city"],
    [/^(home|work)state$/, "state"],
    [/^(home|work)zipcode$/, "zip"],
    [/^(home|work)country$/, "country"],
    [/^notes$/, "notes"],
    [/^birth(year|month|day)$/, "birthday"],
  ],
};

