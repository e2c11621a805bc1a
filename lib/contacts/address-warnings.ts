import "server-only";
import countries from "i18n-iso-countries";
import english from "i18n-iso-countries/langs/en.json";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { lookup as lookupZip } from "zipcodes";
import type { MailingAddress } from "@/lib/address";

/*
 * What may keep a card from arriving, found before paying and without any network: a US ZIP
 * that does not exist or lies in another state (the ZIP list of the `zipcodes` package), a
 * postal code not shaped like its country's (`postcode-validator`), a country that is neither an
 * ISO 3166 code nor a country's name (`i18n-iso-countries`), or a part of the address missing.
 * Warnings only: checkout keeps the specification's behaviour and mails what it is given.
 */

countries.registerLocale(english);

export type AddressField = "address" | "city" | "state" | "zip" | "country";
export type AddressWarning = { field: AddressField; message: string };
/** The parts the checks read: never the apartment line, which is optional. */
export type PostalAddress = Pick<MailingAddress, AddressField>;

/** States, the District, the territories with ZIP codes and the military post offices, as USPS names them. */
const US_STATES: Record<string, string> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
  DE: "Delaware", DC: "the District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
  IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
  MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
  NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
  RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
  AS: "American Samoa", GU: "Guam", MP: "the Northern Mariana Islands", PR: "Puerto Rico", VI: "the U.S. Virgin Islands",
  FM: "Micronesia", MH: "the Marshall Islands", PW: "Palau",
  AA: "Armed Forces Americas", AE: "Armed Forces Europe", AP: "Armed Forces Pacific",
};

/** Countries whose mail is addressed with US ZIP codes; the state of a territory is its own code. */
const ZIP_COUNTRIES = new Set(["US", "AS", "GU", "MP", "PR", "VI", "FM", "MH", "PW"]);

const simplify = (value: string) => value.toUpperCase().replace(/^THE\s+/, "").replace(/[.\s]+/g, " ").trim();
const STATE_BY_NAME = new Map<string, string>(
  Object.entries(US_STATES).flatMap(([code, name]) => [
    [simplify(name), code],
    [code, code],
  ]),
);
STATE_BY_NAME.set("WASHINGTON DC", "DC").set("D C", "DC").set("US VIRGIN ISLANDS", "VI").set("VIRGIN ISLANDS", "VI");

const ZIP_FORMAT = /^(\d{5})(?:[-\s]?\d{4})?$/;

const blank = (value: string | null | undefined): value is null | undefined | "" => value == null || value.trim() === "";

/**
 * The ISO 3166-1 alpha-2 code of a country written as a code (alpha-2, alpha-3 or numeric) or
 * an English name ("United States", "USA", "germany"); unset is the US, as on add-recipients;
 * null when it names no country.
 */
export function normalizeCountry(country: string | null | undefined): string | null {
  if (blank(country)) return "US";
  const written = country.trim();
  const upper = written.toUpperCase();
  if (countries.isValid(upper)) return countries.toAlpha2(upper) ?? null;
  return countries.getAlpha2Code(written, "en") ?? null;
}

/** The two-letter code of a US state written as its code or its name, or null. */
export function normalizeUsState(state: string | null | undefined): string | null {
  if (blank(state)) return null;
  return STATE_BY_NAME.get(simplify(state)) ?? null;
}

export function countryName(code: string): string {
  return countries.getName(code, "en") ?? code;
}

function zipWarnings(address: PostalAddress, country: string): AddressWarning[] {
  const warnings: AddressWarning[] = [];
  const state = normalizeUsState(address.state) ?? (country !== "US" && blank(address.state) ? country : null);
  if (blank(address.state)) {
    if (country === "US") warnings.push({ field: "state", message: "Enter a state" });
  } else if (!state) {
    warnings.push({ field: "state", message: `“${address.state.trim()}” is not a US state: use its name or its two-letter code, like GA` });
  }
  if (blank(address.zip)) {
    warnings.push({ field: "zip", message: "Enter a ZIP code" });
    return warnings;
  }
  const zip = address.zip.trim();
  const five = ZIP_FORMAT.exec(zip)?.[1];
  if (!five) {
    warnings.push({ field: "zip", message: `“${zip}” is not a ZIP code: a ZIP code has 5 digits, like 30301` });
    return warnings;
  }
  const place = lookupZip(five);
  if (!place || place.country !== "US") {
    warnings.push({ field: "zip", message: `There is no ZIP code ${five}` });
  } else if (state && place.state !== state) {
    warnings.push({ field: "zip", message: `This ZIP code is in ${US_STATES[place.state] ?? place.state}, not ${US_STATES[state] ?? state}` });
  }
  return warnings;
}

function postalCodeWarnings(address: PostalAddress, country: string): AddressWarning[] {
  // Countries without postal codes (Hong Kong, the Emirates...) have no format to check.
  if (!postcodeValidatorExistsForCountry(country)) return [];
  if (blank(address.zip)) return [{ field: "zip", message: "Enter a postal code" }];
  const code = address.zip.trim();
  return postcodeValidator(code, country) ? [] : [{ field: "zip", message: `“${code}” is not a postal code in ${countryName(country)}` }];
}

/**
 * Every problem of a mailing address, in the order of the address's fields, each with a
 * message a person reads ("This ZIP code is in Oregon, not Georgia"). No problem: [].
 */
export function addressWarnings(address: PostalAddress): AddressWarning[] {
  const warnings: AddressWarning[] = [];
  if (blank(address.address)) warnings.push({ field: "address", message: "Enter a street address" });
  if (blank(address.city)) warnings.push({ field: "city", message: "Enter a city" });
  const country = normalizeCountry(address.country);
  if (!country) {
    warnings.push({ field: "country", message: `“${address.country?.trim()}” is not a country we know: use its name or its two-letter code, like US or CA` });
  } else if (ZIP_COUNTRIES.has(country)) {
    warnings.push(...zipWarnings(address, country));
  } else {
    warnings.push(...postalCodeWarnings(address, country));
  }
  const order: AddressField[] = ["address", "city", "state", "zip", "country"];
  return warnings.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}
