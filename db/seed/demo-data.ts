/**
 * The demo address books. Dates are "YYYY-MM-DD", "MM-DD" (year unknown) or "MM" (month only).
 * Addresses, phones and emails are filled in by demo.ts; every phone is in the 555-01xx range
 * reserved for fiction and every email domain is an example.* domain.
 */

export type GroupKey = "family" | "friends" | "work";

export type Person = {
  first: string;
  last: string;
  middle?: string;
  prefix?: string;
  company?: string;
  internalId?: string;
  birth?: string;
  anniversary?: string;
  spouse?: { first: string; last?: string; prefix?: string; birth?: string };
  children?: { first: string; birth?: string }[];
  pets?: { name: string; kind: string; birth?: string }[];
  groups?: GroupKey[];
  notes?: string;
  apt?: string;
  /** Index into CITIES; by default spread over the list. */
  city?: number;
  noEmail?: boolean;
  noPhone?: boolean;
};

export const CITIES = [
  { city: "Portland", state: "OR", zip: "97214", area: "503" },
  { city: "Seattle", state: "WA", zip: "98103", area: "206" },
  { city: "San Francisco", state: "CA", zip: "94110", area: "415" },
  { city: "Los Angeles", state: "CA", zip: "90026", area: "323" },
  { city: "San Diego", state: "CA", zip: "92104", area: "619" },
  { city: "Denver", state: "CO", zip: "80205", area: "303" },
  { city: "Austin", state: "TX", zip: "78704", area: "512" },
  { city: "Chicago", state: "IL", zip: "60614", area: "312" },
  { city: "Minneapolis", state: "MN", zip: "55408", area: "612" },
  { city: "Nashville", state: "TN", zip: "37206", area: "615" },
  { city: "Atlanta", state: "GA", zip: "30307", area: "404" },
  { city: "Brooklyn", state: "NY", zip: "11215", area: "718" },
  { city: "Boston", state: "MA", zip: "02116", area: "617" },
  { city: "Philadelphia", state: "PA", zip: "19147", area: "215" },
  { city: "Washington", state: "DC", zip: "20009", area: "202" },
  { city: "Raleigh", state: "NC", zip: "27608", area: "919" },
  { city: "Miami", state: "FL", zip: "33133", area: "305" },
  { city: "Phoenix", state: "AZ", zip: "85004", area: "602" },
  { city: "Salt Lake City", state: "UT", zip: "84105", area: "801" },
  { city: "Madison", state: "WI", zip: "53703", area: "608" },
  { city: "Boise", state: "ID", zip: "83702", area: "208" },
  { city: "Eugene", state: "OR", zip: "97401", area: "541" },
  { city: "Ann Arbor", state: "MI", zip: "48104", area: "734" },
  { city: "Burlington", state: "VT", zip: "05401", area: "802" },
] as const;

export const STREETS = [
  "Maple Avenue",
  "Oak Street",
  "Cedar Lane",
  "Willow Drive",
  "Pine Street",
  "Elm Court",
  "Lakeview Road",
  "Hillcrest Avenue",
  "Park Place",
  "Sunset Boulevard",
  "River Road",
  "Chestnut Street",
  "Magnolia Way",
  "Harbor Drive",
  "Juniper Street",
  "Aspen Circle",
  "Birch Lane",
  "Meadow Lane",
  "Orchard Street",
  "Highland Avenue",
] as const;

export type Owner = {
  first: string;
  last: string;
  email: string;
  phone: string;
  address: string;
  apt: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  birth: string;
};

export const DEMO_OWNER: Owner = {
  first: "Jordan",
  last: "Ellis",
  email: "demo@example.com",
  phone: "(503) 555-0142",
  address: "2718 SE Belmont Street",
  apt: null,
  city: "Portland",
  state: "OR",
  zip: "97214",
  country: "US",
  birth: "1989-06-21",
};

export const ALEX_OWNER: Owner = {
  first: "Alex",
  last: "Morgan",
  email: "alex@example.com",
  phone: "(303) 555-0177",
  address: "1450 Larimer Street",
  apt: "Apt 6C",
  city: "Denver",
  state: "CO",
  zip: "80202",
  country: "US",
  birth: "1993-09-14",
};

export const DEMO_GROUPS: { key: GroupKey; name: string; description: string }[] = [
  { key: "family", name: "Family", description: "Parents, siblings, grandparents and the cousins." },
  { key: "friends", name: "Friends", description: "Close friends and their families." },
  { key: "work", name: "Work", description: "Clients and colleagues who get holiday and thank-you cards." },
];

export const DEMO_PEOPLE: Person[] = [
  // Family
  { first: "Margaret", middle: "Anne", last: "Ellis", prefix: "Mrs.", birth: "1958-04-12", anniversary: "1981-06-20", spouse: { first: "Robert", prefix: "Mr.", birth: "1956-09-03" }, pets: [{ name: "Pepper", kind: "cat", birth: "2016-03-02" }], groups: ["family"], notes: "Mom. Loves cards with flowers.", city: 0 },
  { first: "Daniel", last: "Ellis", birth: "1986-11-23", anniversary: "2014-05-17", spouse: { first: "Priya", birth: "1988-02-29" }, children: [{ first: "Maya", birth: "2016-08-09" }, { first: "Leo", birth: "2019-01-15" }], pets: [{ name: "Biscuit", kind: "dog", birth: "2020-07-04" }], groups: ["family"], city: 1 },
  { first: "Sarah", last: "Whitman", birth: "1990-07-31", anniversary: "2018-09-22", spouse: { first: "Tom", birth: "1989-12-05" }, children: [{ first: "Nora", birth: "2021-10-30" }], groups: ["family"], notes: "Sister.", apt: "Apt 3B", city: 11 },
  { first: "Ruth", last: "Ellis", prefix: "Mrs.", birth: "1934-01-08", groups: ["family"], notes: "Grandma. Prefers large print and a handwritten sign-off.", noEmail: true, city: 21 },
  { first: "Linda", last: "Carver", birth: "1961-03-31", anniversary: "1985-08-10", spouse: { first: "Greg", birth: "1960-10-14" }, groups: ["family"], city: 18 },
  { first: "Michael", last: "Carver", birth: "1992-05-06", pets: [{ name: "Luna", kind: "dog" }], groups: ["family"], city: 5 },
  { first: "Frank", last: "Ellis", prefix: "Mr.", birth: "1954-12-24", anniversary: "1979-11-03", spouse: { first: "Diane", birth: "1957-06-02" }, groups: ["family"], city: 20 },

  // Friends
  { first: "Marcus", last: "Johnson", birth: "1987-02-14", anniversary: "2015-10-10", spouse: { first: "Tanya", birth: "1988-04-27" }, children: [{ first: "Jaden", birth: "2017-06-12" }, { first: "Kayla", birth: "2020-03-08" }], groups: ["friends"] },
  { first: "Aisha", last: "Rahman", birth: "1992-02-29", pets: [{ name: "Mango", kind: "parrot", birth: "2018-05-05" }], groups: ["friends"], apt: "Unit 12" },
  { first: "Carlos", last: "Mendoza", birth: "1985-09-18", anniversary: "2012-07-14", spouse: { first: "Lucia", birth: "1986-01-27" }, children: [{ first: "Sofia", birth: "2014-11-02" }, { first: "Mateo", birth: "2017-04-19" }], pets: [{ name: "Churro", kind: "dog" }], groups: ["friends"] },
  { first: "Hannah", last: "Schmidt", birth: "1991-06-08", pets: [{ name: "Oliver", kind: "cat", birth: "2019-09-09" }], groups: ["friends"] },
  { first: "Kenji", last: "Watanabe", birth: "1983-03-21", anniversary: "2010-04-03", spouse: { first: "Emi", birth: "1984-08-30" }, groups: ["friends"] },
  { first: "Grace", last: "O'Brien", birth: "1993-10-31", groups: ["friends"], apt: "Apt 2" },
  { first: "Tyler", last: "Brooks", birth: "08-15", groups: ["friends"], noPhone: true },
  { first: "Zoe", last: "Martinez", birth: "1995-12-12", pets: [{ name: "Pixel", kind: "rabbit", birth: "2022-02-02" }], groups: ["friends"] },
  { first: "Samuel", middle: "Olu", last: "Adeyemi", prefix: "Dr.", birth: "1979-07-07", anniversary: "2006-12-16", spouse: { first: "Ngozi", prefix: "Dr.", birth: "1981-05-23" }, children: [{ first: "Tobi", birth: "2009-09-27" }, { first: "Ada", birth: "2012-02-11" }], groups: ["friends"] },
  { first: "Rachel", middle: "Miriam", last: "Goldberg", birth: "1988-11-05", anniversary: "2016-08-28", spouse: { first: "Ethan", birth: "1987-03-12" }, children: [{ first: "Eli", birth: "2019-12-20" }], groups: ["friends"] },
  { first: "Ben", last: "Carter", birth: "1990-01-19", groups: ["friends"] },
  { first: "Isabella", last: "Rossi", birth: "1994-04-04", pets: [{ name: "Gelato", kind: "dog", birth: "2021-06-30" }], groups: ["friends"], apt: "Apt 5F" },
  { first: "Omar", last: "Haddad", birth: "1986-05-29", anniversary: "2013-06-08", spouse: { first: "Layla", birth: "1989-10-17" }, groups: ["friends"] },
  { first: "Chloe", last: "Dubois", birth: "09-02", groups: ["friends"] },
  { first: "Ryan", last: "Kowalski", birth: "1984-02-03", anniversary: "2011-09-17", spouse: { first: "Megan", birth: "1985-07-22" }, children: [{ first: "Ava", birth: "2013-05-14" }, { first: "Jack", birth: "2015-10-01" }, { first: "Lily", birth: "2018-07-26" }], pets: [{ name: "Bear", kind: "dog", birth: "2014-11-11" }, { name: "Whiskers", kind: "cat" }], groups: ["friends"] },
  { first: "Priyanka", last: "Shah", birth: "1992-08-21", groups: ["friends"] },
  { first: "Jamal", last: "Washington", birth: "1981-10-09", anniversary: "2008-05-31", spouse: { first: "Keisha", birth: "1983-02-17" }, groups: ["friends"] },
  { first: "Emma", last: "Lindqvist", birth: "1996-03-15", pets: [{ name: "Nugget", kind: "hamster", birth: "2024-01-05" }], groups: ["friends"] },
  { first: "Diego", last: "Alvarez", birth: "1989-06-25", groups: ["friends"] },
  { first: "Fatima", last: "Al-Sayed", birth: "1990-12-01", groups: ["friends"] },
  { first: "Noah", last: "Bennett", birth: "1985-07-16", anniversary: "2014-03-22", spouse: { first: "Claire", birth: "1986-11-29" }, children: [{ first: "Henry", birth: "2017-02-06" }], groups: ["friends"] },
  { first: "Mia", last: "Thompson", birth: "01-30", groups: ["friends"] },
  { first: "Lucas", last: "Ferreira", birth: "1993-09-12", pets: [{ name: "Samba", kind: "dog" }], groups: ["friends"] },
  { first: "Sophie", last: "Laurent", birth: "1987-05-11", groups: ["friends"] },
  { first: "Aaron", last: "Kim", birth: "1991-11-18", anniversary: "2019-10-05", spouse: { first: "Jenny", birth: "1992-06-14" }, groups: ["friends"] },
  { first: "Naomi", last: "Fischer", birth: "1984-08-04", groups: ["friends"] },
  { first: "Henry", last: "Zhao", birth: "1982-04-22", anniversary: "2009-02-21", spouse: { first: "Lily", birth: "1983-12-09" }, children: [{ first: "Ethan", birth: "2012-07-03" }, { first: "Chloe", birth: "2015-09-25" }], groups: ["friends"] },

  // Work
  { first: "Patricia", last: "Gomez", prefix: "Ms.", company: "Northwind Traders", internalId: "CRM-1001", birth: "1975-03-03", groups: ["work"], apt: "Suite 400" },
  { first: "Steven", last: "Clark", company: "Northwind Traders", internalId: "CRM-1002", birth: "1980-08-19", spouse: { first: "Julie" }, groups: ["work"], apt: "Suite 400" },
  { first: "Angela", last: "Foster", prefix: "Dr.", company: "Riverside Family Clinic", internalId: "CRM-1003", birth: "1972-10-22", groups: ["work"] },
  { first: "Brian", last: "Murphy", company: "Murphy & Hale Architects", internalId: "CRM-1004", birth: "1978-01-11", anniversary: "2003-04-26", spouse: { first: "Colleen", birth: "1979-05-02" }, groups: ["work"] },
  { first: "Yuki", last: "Tanaka", company: "Blue Harbor Dental", internalId: "CRM-1005", birth: "1988-07-02", groups: ["work"], apt: "Suite 110" },
  { first: "Derek", last: "Howard", company: "Summit Outdoor Supply", internalId: "CRM-1006", birth: "06-18", groups: ["work"] },
  { first: "Monica", last: "Reyes", company: "Reyes Realty Group", internalId: "CRM-1007", birth: "1983-11-30", anniversary: "2007-09-15", spouse: { first: "Javier", birth: "1981-02-08" }, groups: ["work"] },
  { first: "Greg", last: "Patel", company: "Pinecrest Accounting", internalId: "CRM-1008", birth: "1976-12-17", groups: ["work"] },
  { first: "Laura", last: "Chen", company: "Lumen Design Studio", internalId: "CRM-1009", birth: "1990-05-19", groups: ["work"], apt: "Floor 3" },
  { first: "Victor", last: "Okoro", company: "Okoro Logistics", internalId: "CRM-1010", birth: "1970-09-06", anniversary: "1996-06-29", spouse: { first: "Grace", birth: "1972-03-18" }, groups: ["work"] },
  { first: "Kelly", last: "Sullivan", company: "Cedar & Pine Bakery", internalId: "CRM-1011", birth: "1987-04-09", groups: ["work"] },
  { first: "Raj", last: "Malhotra", company: "Brightline Software", internalId: "CRM-1012", birth: "1984-10-03", groups: ["work"] },
  { first: "Nicole", last: "Bryant", company: "Brightline Software", internalId: "CRM-1013", birth: "1991-01-24", groups: ["work"] },
  { first: "Thomas", last: "Wright", company: "Wright Insurance Agency", internalId: "CRM-1014", birth: "1965-07-27", anniversary: "1990-10-20", spouse: { first: "Ellen" }, groups: ["work"] },
  { first: "Erin", last: "Walsh", company: "Harbor View Hotel", internalId: "CRM-1015", birth: "1993-02-22", groups: ["work"] },

  // Neighbors, teachers and everyone else
  { first: "Harold", last: "Jenkins", prefix: "Mr.", birth: "1948-11-11", anniversary: "1971-08-07", spouse: { first: "Betty", prefix: "Mrs.", birth: "1950-05-07" }, pets: [{ name: "Duke", kind: "dog", birth: "2013-04-20" }], notes: "Next-door neighbors; they water the plants when we travel.", city: 0, noEmail: true },
  { first: "Olga", last: "Petrova", birth: "1979-06-06" },
  { first: "Andre", last: "Baptiste", birth: "1988-12-28" },
  { first: "Maria", last: "Santos", birth: "1969-02-10", anniversary: "1992-01-04", spouse: { first: "Jose", birth: "1967-08-26" }, children: [{ first: "Ana", birth: "1995-04-17" }] },
  { first: "Kevin", last: "O'Neill", birth: "03-27" },
  { first: "Dorothy", last: "Hughes", prefix: "Mrs.", birth: "1941-09-30", notes: "Former piano teacher.", noEmail: true },
  { first: "Ivan", last: "Novak", birth: "1983-07-12" },
  { first: "Lauren", last: "Mitchell", birth: "1992-10-26", anniversary: "2020-06-13", spouse: { first: "Chris", birth: "1991-04-01" }, children: [{ first: "Ella", birth: "2022-12-31" }], pets: [{ name: "Maple", kind: "cat" }] },
  { first: "Ahmed", last: "Yilmaz", birth: "1986-01-03" },
  { first: "Beatriz", last: "Costa", birth: "1990-08-08" },
  { first: "Peter", last: "Larsen", birth: "1977-05-25", anniversary: "2002-05-04", spouse: { first: "Ingrid" } },
  { first: "Jasmine", last: "Lee", birth: "1998-03-09" },
  { first: "Walter", last: "Brooks", prefix: "Mr.", birth: "1950-04-30" },
  { first: "Samantha", last: "Reed", birth: "07", pets: [{ name: "Ziggy", kind: "dog", birth: "09" }], notes: "Birthday sometime in July; ask her." },
  { first: "Eleanor", last: "Vance", noEmail: true, noPhone: true, notes: "Met at the Portland design meetup." },
];

export const ALEX_PEOPLE: Person[] = [
  { first: "Jamie", last: "Morgan", birth: "1965-05-09", anniversary: "1990-09-01", spouse: { first: "Pat", birth: "1963-11-20" }, notes: "Mom and Dad.", city: 5 },
  { first: "Riley", last: "Chen", birth: "1994-02-18", pets: [{ name: "Mochi", kind: "cat", birth: "2021-08-12" }], city: 5 },
  { first: "Dana", last: "Whitaker", company: "Front Range Coffee", internalId: "FRC-7", birth: "1989-12-03", city: 5 },
  { first: "Sam", last: "Okafor", birth: "1992-07-22", anniversary: "2021-06-05", spouse: { first: "Chidi", birth: "1991-03-30" }, city: 17 },
  { first: "Taylor", last: "Brennan", birth: "10-14", city: 18 },
];
