/*
 * Addresses people wrote whole, in one part of a vCard's ADR (Google Contacts puts the street,
 * the city line and the country in the street part).
 */

export type Address = { apt?: string; address?: string; city?: string; state?: string; zip?: string; country?: string };

// "Springfield, IL 62701", "Springfield IL 62701-1234", "Toronto, ON M5V 2T6".
const CITY_STATE_ZIP = /^(.+?),?\s+([A-Za-z]{2}|[A-Za-z][A-Za-z .]+?)\.?\s+(\d{5}(?:-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/;
// "75008 Paris", "D-10115 Berlin".
const ZIP_CITY = /^((?:[A-Z]{1,2}-)?\d{4,5})\s+(.+)$/;
const COUNTRY_LIKE = /^[^\d,]+$/;
const MAX_ADDRESS_LINES = 6;
const MAX_ADDRESS_LINE_CHARS = 100;

/**
 * An address written whole in one part (Google Contacts puts `123 Main St\nSpringfield, IL
 * 62701\nUSA` in the street): split into street, apartment, city, state, ZIP and country when
 * its lines read as an address, else kept whole as the street.
 */
export function splitWholeAddress(whole: string): Address {
  const lines = whole
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // The patterns backtrack on long lines: an address has a few short ones, anything else is kept as it is.
  const readable = lines.length <= MAX_ADDRESS_LINES && lines.every((line) => line.length <= MAX_ADDRESS_LINE_CHARS);
  const at = readable ? lines.findIndex((line, i) => i > 0 && (CITY_STATE_ZIP.test(line) || ZIP_CITY.test(line))) : -1;
  if (at === -1) return { address: lines.join(", ") || undefined };
  const result: Address = { address: lines[0] };
  if (at > 1) result.apt = lines.slice(1, at).join(", ");
  const us = CITY_STATE_ZIP.exec(lines[at]!);
  if (us) {
    // "Nice Area, Albany, New York 12345": the city is the last part, a district before it goes with the apartment.
    const places = us[1]!.split(",").map((part) => part.trim()).filter(Boolean);
    Object.assign(result, { city: places.pop(), state: us[2]!.trim(), zip: us[3]!.toUpperCase() });
    if (places.length > 0) result.apt = [result.apt, ...places].filter(Boolean).join(", ");
  }
  else {
    const eu = ZIP_CITY.exec(lines[at]!)!;
    Object.assign(result, { zip: eu[1], city: eu[2]!.trim() });
  }
  const rest = lines.slice(at + 1);
  if (rest.length === 1 && COUNTRY_LIKE.test(rest[0]!)) result.country = rest[0];
  else if (rest.length > 0) result.apt = [result.apt, ...rest].filter(Boolean).join(", ");
  return result;
}

