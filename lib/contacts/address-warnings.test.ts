import { describe, expect, it } from "vitest";
import { addressWarnings, normalizeCountry, normalizeUsState, type PostalAddress } from "./address-warnings";

const home: PostalAddress = { address: "12 Peachtree St", city: "Atlanta", state: "GA", zip: "30301", country: "US" };
const at = (changes: Partial<PostalAddress>) => addressWarnings({ ...home, ...changes });

describe("the warnings of a US address", () => {
  it("has none for a ZIP code that exists in the state given, by code or by name, with or without ZIP+4", () => {
    expect(at({})).toEqual([]);
    expect(at({ state: "Georgia", zip: "30301-1234" })).toEqual([]);
    expect(at({ state: "georgia ", country: null })).toEqual([]);
    expect(at({ city: "Portland", state: "OR", zip: "97201", country: "United States" })).toEqual([]);
    expect(at({ city: "Washington", state: "D.C.", zip: "20500", country: "USA" })).toEqual([]);
  });

  it("says where a ZIP code of another state is", () => {
    expect(at({ zip: "97201" })).toEqual([{ field: "zip", message: "This ZIP code is in Oregon, not Georgia" }]);
    expect(at({ state: "New York", zip: "90210" })).toEqual([{ field: "zip", message: "This ZIP code is in California, not New York" }]);
  });

  it("refuses a ZIP code that is not five digits, or that does not exist", () => {
    expect(at({ zip: "3140" })).toEqual([{ field: "zip", message: "“3140” is not a ZIP code: a ZIP code has 5 digits, like 30301" }]);
    expect(at({ zip: "ABCDE" })).toEqual([{ field: "zip", message: "“ABCDE” is not a ZIP code: a ZIP code has 5 digits, like 30301" }]);
    expect(at({ zip: "00000" })).toEqual([{ field: "zip", message: "There is no ZIP code 00000" }]);
  });

  it("names each missing part, and a state that is not one", () => {
    expect(addressWarnings({ address: null, city: " ", state: null, zip: "", country: null })).toEqual([
      { field: "address", message: "Enter a street address" },
      { field: "city", message: "Enter a city" },
      { field: "state", message: "Enter a state" },
      { field: "zip", message: "Enter a ZIP code" },
    ]);
    expect(at({ state: "Gorgia" })).toEqual([{ field: "state", message: "“Gorgia” is not a US state: use its name or its two-letter code, like GA" }]);
  });

  it("checks territories and military addresses against their own ZIP codes", () => {
    expect(at({ city: "Adjuntas", state: "PR", zip: "00601" })).toEqual([]);
    expect(at({ city: "Adjuntas", state: null, zip: "00601", country: "Puerto Rico" })).toEqual([]);
    expect(at({ city: "APO", state: "AE", zip: "09001" })).toEqual([]);
    expect(at({ city: "Hagatna", state: "GU", zip: "00601" })).toEqual([{ field: "zip", message: "This ZIP code is in Puerto Rico, not Guam" }]);
  });
});

describe("the warnings of an address abroad", () => {
  it("checks a postal code against its country's format", () => {
    expect(addressWarnings({ address: "24 Sussex Dr", city: "Ottawa", state: "ON", zip: "K1A 0B1", country: "CA" })).toEqual([]);
    expect(addressWarnings({ address: "10 Downing St", city: "London", state: null, zip: "SW1A 2AA", country: "United Kingdom" })).toEqual([]);
    expect(addressWarnings({ address: "Unter den Linden 1", city: "Berlin", state: null, zip: "1011", country: "DEU" })).toEqual([
      { field: "zip", message: "“1011” is not a postal code in Germany" },
    ]);
    expect(addressWarnings({ address: "Rue de Rivoli 1", city: "Paris", state: null, zip: null, country: "fr" })).toEqual([{ field: "zip", message: "Enter a postal code" }]);
  });

  it("needs no postal code where the country has none, and no state outside the US", () => {
    expect(addressWarnings({ address: "1 Queen's Rd", city: "Hong Kong", state: null, zip: null, country: "HK" })).toEqual([]);
  });

  it("refuses a country that is neither an ISO 3166 code nor a country's name", () => {
    expect(addressWarnings({ address: "1 Lamp Post", city: "Cair Paravel", state: null, zip: "12345", country: "Narnia" })).toEqual([
      { field: "country", message: "“Narnia” is not a country we know: use its name or its two-letter code, like US or CA" },
    ]);
  });
});

describe("normalising", () => {
  it("turns country codes and English names into ISO 3166 alpha-2 codes, unset into US", () => {
    expect(["US", "us", "USA", "840", "United States of America", "U.S.A.", null, ""].map(normalizeCountry)).toEqual(["US", "US", "US", "US", "US", "US", "US", "US"]);
    expect(["GBR", "United Kingdom", "UK", "germany", "Mexico"].map(normalizeCountry)).toEqual(["GB", "GB", "GB", "DE", "MX"]);
    expect(normalizeCountry("Atlantis")).toBeNull();
  });

  it("turns US state names into their codes", () => {
    expect(["ga", "Georgia", "NEW YORK", "District of Columbia", "Washington DC", "Texas."].map(normalizeUsState)).toEqual(["GA", "GA", "NY", "DC", "DC", "TX"]);
    expect(normalizeUsState("Ontario")).toBeNull();
  });
});
