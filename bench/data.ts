// A realistic address book, generated deterministically: the same seed gives the same book, so
// two runs of the benchmark search for the same names and read the same pages.

/** mulberry32: small, fast, and good enough to spread names and dates. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = (
  "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah " +
  "Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily " +
  "Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon " +
  "Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Emma Stephen Brenda Larry " +
  "Pamela Justin Nicole Scott Anna Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn " +
  "Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce " +
  "Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn Walter Hannah Christian " +
  "Andrea Keith Megan Roger Cheryl Terry Jacqueline Austin Madison Sean Teresa Gerald Abigail Carl Sophia Harold Martha Dylan Sara " +
  "Arthur Gloria Lawrence Janice Jordan Kathryn Jesse Ann Bryan Isabella Billy Judy Bruce Charlotte Gabriel Julia Joe Grace Logan Amber " +
  "Alan Alice Juan Jean Albert Denise Willie Frances Elijah Danielle Wayne Marilyn Randy Natalie Vincent Beverly Mason Diana Roy Brittany " +
  "Ralph Theresa Bobby Kayla Russell Alexis Bradley Doris Philip Lori Eugene Tiffany Mateo Sofia Wei Mei Hiroshi Yuki Aarav Priya Omar Fatima"
).split(" ");

// Roughly the frequency order of US surnames: the first ones get the most people.
const LAST_NAMES = (
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor " +
  "Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres " +
  "Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz " +
  "Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos " +
  "Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers " +
  "Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons " +
  "Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran " +
  "Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen " +
  "Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks " +
  "Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols " +
  "Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley " +
  "Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston " +
  "Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval Guerrero George Chapman Rios Estrada Ortega Watkins Greene Nunez " +
  "Wheeler Valdez Harper Burke Larson Santiago Maldonado Morrison Franklin Carlson Austin Dominguez Carr Lawson Jacobs OBrien Lynch " +
  "Singh Vega Bishop Montgomery Oliver Jensen Harvey Williamson Gilbert Dean Sims Espinoza Howell Li Wong Reid Hanson Le McCoy Garrett " +
  "Burton Fuller Wang Weber Welch Rojas Lucas Marquez Fields Park Yang Little Banks Padilla Day Walsh Bowman Schultz Luna Fowler Mejia " +
  "Davidson Acosta Brewer May Holland Juarez Newman Pearson Curtis Cortez Douglas Schneider Joseph Barrett Navarro Figueroa Keller Avila " +
  "Wade Molina Stanley Hopkins Campos Barnett Bates Chambers Caldwell Beck Lambert Miranda Byrd Craig Ayala Lowe Frazier Powers Neal " +
  "Leonard Gregory Carrillo Sutton Fleming Rhodes Shelton Schwartz Norris Jennings Watts Duran Walters Cohen McDaniel Moran Parks Steele " +
  "Vaughn Becker Holt Deleon Barker Terry Hale Leon Hail Benson Haynes Horton Miles Lyons Pham Graves Bush Thornton Wolfe Warner Cabrera " +
  "McKinney Mann Zimmerman Dawson Lara Fletcher Page McCarthy Love Robles Cervantes Solis Erickson Reeves Chang Klein Salinas Fuentes " +
  "Baldwin Daniel Simon Velasquez Hardy Higgins Aguirre Lin Cummings Chandler Sharp Barber Bowen Ochoa Dennis Robbins Liu Ramsey Francis " +
  "Griffith Paul Blair OConnor Cardenas Pacheco Cross Calderon Quinn Moss Swanson Chan Rivas Khan Rodgers Serrano Fitzgerald Rosales " +
  "Stevenson Christensen Manning Gill Curry McLaughlin Harmon McGee Gross Doyle Garner Newton Burgess Reese Walton Blake Trujillo Adkins " +
  "Brady Goodman Roman Webster Goodwin Fischer Huang Potter Delacruz Montoya Todd Wu Hines Mullins Castaneda Malone Cannon Tate Mack " +
  "Sherman Hubbard Hodges Zhang Guerra Wolf Valencia Saunders Franco Rowe Gallagher Farmer Hammond Hampton Townsend Ingram Wise Gallegos " +
  "Clarke Barton Schroeder Maxwell Waters Logan Camacho Strickland Norman Person Colon Parsons Frank Harrington Glover Osborne Buchanan " +
  "Casey Floyd Patton Ibarra Ball Tyler Suarez Bowers Orozco Salas Cobb Gibbs Andrade Bauer Conner Moody Escobar McGuire Lloyd Mueller " +
  "Hartman French Kramer McBride Pope Lindsey Velazquez Norton McCormick Sparks Flynn Yates Hogan Marsh Macias Villanueva Zamora Pratt " +
  "Stokes Owen Ballard Lang Brock Villarreal Charles Drake Barrera Cain Patrick Pineda Burnett Mercado Santana Shepherd Bautista Ali " +
  "Shaffer Lamb Trevino McKenzie Hess Beil Olsen Cochran Morton Nash Wilkins Petersen Briggs Shah Roth Nicholson Holloway Lozano Smithson"
).split(" ");

const STREETS = ["Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Pine St", "Elm St", "Washington Ave", "Lake Rd", "Hill St", "Park Ave", "Sunset Blvd", "River Rd", "Church St", "Highland Ave", "Mill Rd"];
const CITIES: [string, string, string, string][] = [
  ["Springfield", "IL", "62701", "217"],
  ["Chicago", "IL", "60614", "312"],
  ["Austin", "TX", "78701", "512"],
  ["Houston", "TX", "77002", "713"],
  ["Denver", "CO", "80202", "303"],
  ["Seattle", "WA", "98101", "206"],
  ["Portland", "OR", "97205", "503"],
  ["Boston", "MA", "02108", "617"],
  ["Atlanta", "GA", "30303", "404"],
  ["Miami", "FL", "33130", "305"],
  ["Phoenix", "AZ", "85004", "602"],
  ["Columbus", "OH", "43215", "614"],
  ["Nashville", "TN", "37203", "615"],
  ["San Diego", "CA", "92101", "619"],
  ["Brooklyn", "NY", "11201", "718"],
  ["Madison", "WI", "53703", "608"],
];
const DOMAINS = ["example.com", "mail.example.org", "inbox.example.net", "corp.example.com", "family.example.org"];
const COMPANIES = ["Acme Corp", "Globex", "Initech", "Umbrella Health", "Stark Logistics", "Wayne Foods", "Hooli", "Vandelay Industries", "Soylent Co", "Tyrell Realty"];
const PETS: [string, string][] = [
  ["Max", "dog"],
  ["Bella", "dog"],
  ["Luna", "cat"],
  ["Charlie", "dog"],
  ["Milo", "cat"],
  ["Coco", "parrot"],
  ["Daisy", "rabbit"],
  ["Oliver", "cat"],
  ["Rocky", "dog"],
  ["Nemo", "fish"],
];
const PREFIXES = ["Mr.", "Mrs.", "Ms.", "Dr."];

export type ChildRecipient = { first_name: string; birth_month: number | null; birth_day: number | null; birth_year: number | null };
export type PetRecipient = { name: string; secondary_type: string; birth_month: number | null; birth_day: number | null; birth_year: number | null };

/** A recipient of add-recipients: the address block plus the other Contact fields a CRM syncs. */
export type Recipient = {
  internal_id?: string;
  prefix?: string | null;
  first_name: string;
  last_name: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  address: string;
  apt?: string | null;
  city: string;
  state: string;
  zip: string;
  country?: string;
  spouse_first_name?: string | null;
  spouse_last_name?: string | null;
  birth_month?: number | null;
  birth_day?: number | null;
  birth_year?: number | null;
  anniversary_month?: number | null;
  anniversary_day?: number | null;
  anniversary_year?: number | null;
  spouse_birth_month?: number | null;
  spouse_birth_day?: number | null;
  spouse_birth_year?: number | null;
  notes?: string | null;
  children?: ChildRecipient[];
  pets?: PetRecipient[];
  override_message?: string | null;
};

/** Surnames drawn with a falling weight, so the common ones hold hundreds of people each. */
function surname(rand: () => number): string {
  const index = Math.floor(LAST_NAMES.length * Math.pow(rand(), 1.6));
  return LAST_NAMES[Math.min(index, LAST_NAMES.length - 1)]!;
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function dayOf(rand: () => number, month: number): number {
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return 1 + Math.floor(rand() * days);
}

export function internalId(index: number): string {
  return `crm-${String(index).padStart(7, "0")}`;
}

/**
 * The contact number `index` of the benchmark book. Most carry an internal_id (a CRM sync), a
 * birthday in any month, an email and a phone; some a spouse, an anniversary, children, pets.
 */
export function contactAt(index: number): Recipient {
  const rand = random(0x5eed + index * 7919);
  const first = pick(rand, FIRST_NAMES);
  const last = surname(rand);
  const [city, state, zip, area] = pick(rand, CITIES);
  const recipient: Recipient = {
    first_name: first,
    last_name: last,
    address: `${100 + Math.floor(rand() * 9800)} ${pick(rand, STREETS)}`,
    city,
    state,
    zip,
    country: "US",
  };
  if (rand() < 0.9) recipient.internal_id = internalId(index);
  if (rand() < 0.3) recipient.prefix = pick(rand, PREFIXES);
  if (rand() < 0.15) recipient.apt = `Apt ${1 + Math.floor(rand() * 40)}`;
  if (rand() < 0.2) recipient.company = pick(rand, COMPANIES);
  if (rand() < 0.85) recipient.email = `${first}.${last}${index}@${pick(rand, DOMAINS)}`.toLowerCase();
  if (rand() < 0.75) {
    const exchange = 200 + Math.floor(rand() * 800);
    const line = String(Math.floor(rand() * 10_000)).padStart(4, "0");
    recipient.phone = `(${area}) ${exchange}-${line}`;
  }
  if (rand() < 0.85) {
    recipient.birth_month = 1 + Math.floor(rand() * 12);
    recipient.birth_day = dayOf(rand, recipient.birth_month);
    if (rand() < 0.6) recipient.birth_year = 1940 + Math.floor(rand() * 65);
  }
  if (rand() < 0.4) {
    recipient.spouse_first_name = pick(rand, FIRST_NAMES);
    recipient.spouse_last_name = rand() < 0.8 ? last : surname(rand);
    if (rand() < 0.6) {
      recipient.spouse_birth_month = 1 + Math.floor(rand() * 12);
      recipient.spouse_birth_day = dayOf(rand, recipient.spouse_birth_month);
    }
    if (rand() < 0.7) {
      recipient.anniversary_month = 1 + Math.floor(rand() * 12);
      recipient.anniversary_day = dayOf(rand, recipient.anniversary_month);
      if (rand() < 0.5) recipient.anniversary_year = 1970 + Math.floor(rand() * 54);
    }
  }
  if (rand() < 0.25) {
    const count = 1 + Math.floor(rand() * 3);
    recipient.children = Array.from({ length: count }, () => {
      const month = rand() < 0.9 ? 1 + Math.floor(rand() * 12) : null;
      return { first_name: pick(rand, FIRST_NAMES), birth_month: month, birth_day: month ? dayOf(rand, month) : null, birth_year: month ? 1990 + Math.floor(rand() * 34) : null };
    });
  }
  if (rand() < 0.15) {
    const count = 1 + Math.floor(rand() * 2);
    recipient.pets = Array.from({ length: count }, () => {
      const [name, kind] = pick(rand, PETS);
      const month = rand() < 0.7 ? 1 + Math.floor(rand() * 12) : null;
      return { name, secondary_type: kind, birth_month: month, birth_day: month ? dayOf(rand, month) : null, birth_year: month ? 2010 + Math.floor(rand() * 14) : null };
    });
  }
  if (rand() < 0.05) recipient.notes = "Prefers cards with a handwritten note.";
  return recipient;
}

/**
 * The same contact as a partner sends it again (the address block and the CRM key), or null
 * for a contact the CRM does not know (no internal_id).
 */
export function resyncOf(index: number): Recipient | null {
  const { internal_id, first_name, last_name, address, apt, city, state, zip, country, email, phone, company } = contactAt(index);
  if (!internal_id) return null;
  return { internal_id, first_name, last_name, address, apt, city, state, zip, country, email, phone, company };
}
