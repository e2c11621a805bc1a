import "server-only";
import { countryName, normalizeCountry, normalizeUsState } from "@/lib/contacts/address-warnings";

/*
 * Addresses as they are printed on an envelope. A US address follows USPS Publication 28: capitals,
 * no punctuation (the ZIP+4 hyphen and a unit's "#" excepted), the standard abbreviations of
 * street suffixes, directions and unit designators, and "CITY ST ZIP" on the last line, which
 * address readers sort by. Other countries' addresses keep their own order and punctuation, in
 * capitals, with the country's English name last.
 */

export type PostalBlock = {
  name: string;
  company?: string | null;
  address?: string | null;
  apt?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
};

const ZIP_COUNTRIES = new Set(["US", "AS", "GU", "MP", "PR", "VI", "FM", "MH", "PW"]);

const SUFFIXES: Record<string, string> = {
  ALLEY: "ALY", AVENUE: "AVE", BOULEVARD: "BLVD", CIRCLE: "CIR", COURT: "CT", COVE: "CV", CRESCENT: "CRES",
  DRIVE: "DR", EXPRESSWAY: "EXPY", FREEWAY: "FWY", HIGHWAY: "HWY", LANE: "LN", LOOP: "LOOP", PARKWAY: "PKWY",
  PLACE: "PL", PLAZA: "PLZ", POINT: "PT", ROAD: "RD", ROUTE: "RTE", SQUARE: "SQ", STREET: "ST", TERRACE: "TER",
  TRAIL: "TRL", TURNPIKE: "TPKE", WAY: "WAY",
};
const DIRECTIONS: Record<string, string> = {
  NORTH: "N", SOUTH: "S", EAST: "E", WEST: "W", NORTHEAST: "NE", NORTHWEST: "NW", SOUTHEAST: "SE", SOUTHWEST: "SW",
};
const UNITS: Record<string, string> = {
  APARTMENT: "APT", APT: "APT", SUITE: "STE", STE: "STE", UNIT: "UNIT", FLOOR: "FL", FL: "FL", ROOM: "RM", RM: "RM",
  BUILDING: "BLDG", BLDG: "BLDG", DEPARTMENT: "DEPT", DEPT: "DEPT", LOT: "LOT", SPACE: "SPC", TRAILER: "TRLR", "#": "#",
};

/** Capitals without punctuation: apostrophes and periods vanish ("O'Neil St." -> "ONEIL ST"), other marks part words. */
export function uspsText(text: string | null | undefined): string {
  return (text ?? "")
    .toUpperCase()
    .replace(/['’.]/g, "")
    .replace(/[^\p{L}\p{N}#&/-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function streetLine(address: string): string {
  const words = uspsText(address).split(" ").filter(Boolean);
  if (words.length === 0) return "";
  const last = words.length - 1;
  // A trailing direction ("Main Street North") leaves the suffix second to last.
  const suffixAt = DIRECTIONS[words[last]!] && words.length > 3 ? last - 1 : last;
  return words
    .map((word, i) => {
      if ((i === 1 || i === last) && DIRECTIONS[word] && words.length > 3) return DIRECTIONS[word];
      if (i === suffixAt && i > 1 && SUFFIXES[word]) return SUFFIXES[word];
      return word;
    })
    .join(" ");
}

function unitText(apt: string): string {
  const words = uspsText(apt).split(" ").filter(Boolean);
  if (words.length === 0) return "";
  const first = words[0]!.replace(/^#(?=.)/, "# ");
  const designator = UNITS[first.split(" ")[0]!];
  if (designator) return [designator, ...first.split(" ").slice(1), ...words.slice(1)].join(" ");
  // A number without a designator takes the pound sign, as the publication asks.
  return ["#", ...words].join(" ");
}

function zipText(zip: string): string {
  const digits = zip.replace(/\D/g, "");
  if (digits.length === 9) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return digits.length === 5 ? digits : uspsText(zip);
}

/** The lines of an address on an envelope, top to bottom; empty parts are left out. */
export function envelopeLines(block: PostalBlock): string[] {
  const country = normalizeCountry(block.country);
  if (country !== null && ZIP_COUNTRIES.has(country)) {
    const street = [streetLine(block.address ?? ""), block.apt ? unitText(block.apt) : ""].filter(Boolean).join(" ");
    const state = normalizeUsState(block.state) ?? uspsText(block.state);
    const lastLine = [uspsText(block.city), state, block.zip ? zipText(block.zip) : ""].filter(Boolean).join(" ");
    return [uspsText(block.name), uspsText(block.company), street, lastLine].filter((line) => line !== "");
  }
  const upper = (text: string | null | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toUpperCase();
  return [
    upper(block.name),
    upper(block.company),
    [upper(block.address), upper(block.apt)].filter(Boolean).join(", "),
    [upper(block.city), upper(block.state), upper(block.zip)].filter(Boolean).join(" "),
    upper(country ? countryName(country) : block.country),
  ].filter((line) => line !== "");
}
