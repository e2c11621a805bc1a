import { JANE, type Out } from "./example-values";
import type { AddRecipientsInput, CreateProjectInput } from "@/lib/projects/schema";
import type {
  accountResponse,
  addRecipientsResponse,
  cardDataResponse,
  cardResponse,
  cancelOrderResponse,
  cardsPageResponse,
  checkoutResponse,
  contactDataResponse,
  contactEventsResponse,
  contactResponse,
  contactsPageResponse,
  groupResponse,
  groupsResponse,
  insufficientCreditResponse,
  orderTrackingResponse,
  ordersPageResponse,
  projectDataResponse,
  projectDetailDataResponse,
  projectRecipientsPageResponse,
  projectResponse,
  projectsPageResponse,
  tokenResponse,
} from "./responses";

/*
 * Examples shown in the document. Typed with the response schemas, and parsed by them in the
 * tests, so an example can't show a shape the API does not return.
 */


const ORIGIN = "https://cardmail.example";
const PROJECT = "0b6a9d52-3c1e-4f7a-8e20-5d4c3b2a1f09";
const JANE_ADDRESS = { address: "12 Maple Street", apt: "Apt 4B", city: "Springfield", state: "IL", zip: "62704", country: "US" };

export const loginRequestExample = { app_id: "my-crm", email: "demo@example.com", password: "demo-password" };

export const tokenExample: Out<typeof tokenResponse> = {
  data: { token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhcHBfaWQiOiJteS1jcm0iLCJzdWIiOiIxIn0.c2lnbmF0dXJl" },
};

export const createContactRequestExample = {
  internal_id: "CRM-1042",
  prefix: "Mrs.",
  first_name: "Jane",
  middle_name: "Q.",
  last_name: "Smith",
  company: "Smith & Sons",
  email: "jane.smith@example.com",
  phone: "(555) 010-0123",
  ...JANE_ADDRESS,
  spouse_prefix: "Mr.",
  spouse_first_name: "John",
  spouse_middle_name: null,
  spouse_last_name: "Smith",
  birth_month: 3,
  birth_day: 14,
  birth_year: 1985,
  anniversary_month: 6,
  anniversary_day: 21,
  anniversary_year: 2011,
  spouse_birth_month: 3,
  spouse_birth_day: 2,
  spouse_birth_year: 1983,
  children: [{ first_name: "Emma", birth_month: 3, birth_day: 20, birth_year: 2018 }],
  pets: [{ name: "Rex", secondary_type: "dog", birth_month: 3, birth_day: 1, birth_year: 2023 }],
  notes: "Prefers cards with animals.",
};

export const contactExample: Out<typeof contactResponse> = {
  uuid: JANE,
  ...createContactRequestExample,
  created_at: "2026-01-05T15:04:05.000Z",
  updated_at: "2026-01-05T15:04:05.000Z",
};

export const contactDataExample: Out<typeof contactDataResponse> = { data: contactExample };

export const updateContactRequestExample = { phone: "(555) 010-0199", notes: null, pets: [] };

export const contactsPageExample: Out<typeof contactsPageResponse> = {
  data: [contactExample],
  links: {
    first: `${ORIGIN}/api/v1/contacts?query=smith&per_page=1`,
    prev: null,
    next: `${ORIGIN}/api/v1/contacts?query=smith&per_page=1&cursor=eyJkIjoibmV4dCJ9.Xk3v2p0aQm7rT1sY9bW4nQ`,
  },
  meta: {
    path: `${ORIGIN}/api/v1/contacts`,
    per_page: 1,
    next_cursor: "eyJkIjoibmV4dCJ9.Xk3v2p0aQm7rT1sY9bW4nQ",
    prev_cursor: null,
  },
};

export const contactEventsExample: Out<typeof contactEventsResponse> = [
  { title: "March 1, 2026", text: "Rex's birthday (Jane Smith's dog, turns 3)", event_date: "2026-03-01T00:00:00+00:00", uuid: JANE },
  { title: "March 2, 2026", text: "John Smith's birthday (spouse of Jane Smith, turns 43)", event_date: "2026-03-02T00:00:00+00:00", uuid: JANE },
  { title: "March 14, 2026", text: "Jane Smith's birthday (turns 41)", event_date: "2026-03-14T00:00:00+00:00", uuid: JANE },
  { title: "March 20, 2026", text: "Emma's birthday (child of Jane Smith, turns 8)", event_date: "2026-03-20T00:00:00+00:00", uuid: JANE },
];

export const groupRequestExample = { name: "Family", description: "Everyone who gets a holiday card" };

export const groupExample: Out<typeof groupResponse> = {
  id: 12,
  name: "Family",
  description: "Everyone who gets a holiday card",
  created_at: "2026-01-05T15:04:05.000Z",
  updated_at: "2026-01-05T15:04:05.000Z",
};

export const groupsExample: Out<typeof groupsResponse> = [
  groupExample,
  { id: 13, name: "Clients", description: null, created_at: "2026-01-06T10:00:00.000Z", updated_at: "2026-01-06T10:00:00.000Z" },
];

export const accountExample: Out<typeof accountResponse> = {
  id: 1,
  email: "demo@example.com",
  account_type: 1,
  username: "demo",
  created_at: "2026-01-01T09:00:00.000Z",
  updated_at: "2026-01-01T09:00:00.000Z",
  contact: {
    ...contactExample,
    uuid: "a3d1e6f0-2b4c-4d5e-8f90-1a2b3c4d5e6f",
    internal_id: null,
    first_name: "Dana",
    last_name: "Demo",
    email: "demo@example.com",
    children: [],
    pets: [],
    created_at: "2026-01-01T09:00:00.000Z",
    updated_at: "2026-01-01T09:00:00.000Z",
  },
  shipping: { name: "Dana Demo", company: null, address: "1 Main Street", apt: null, city: "Springfield", state: "IL", zip: "62701", country: "US" },
  reminder_window: 14,
};

export const cardExample: Out<typeof cardResponse> = {
  id: 7,
  name: "Birthday Balloons",
  slug: "birthday-balloons",
  description: "A bunch of bright balloons for any age.",
  price: "3.99",
  is_vertical: true,
  artist: { id: 3, name: "Mira Castillo", slug: "mira-castillo" },
  categories: [{ id: 2, name: "Birthday", slug: "birthday" }],
  occasions: [{ id: 5, name: "Birthday", slug: "birthday" }],
  tags: ["balloons", "colorful"],
  images: [
    { type: "front", url: `${ORIGIN}/card-art/birthday-balloons/front.svg` },
    { type: "inside", url: `${ORIGIN}/card-art/birthday-balloons/inside.svg` },
    { type: "back", url: `${ORIGIN}/card-art/birthday-balloons/back.svg` },
    { type: "thumbnail", url: `${ORIGIN}/card-art/birthday-balloons/thumbnail.svg` },
  ],
  customization_type: { id: 1, name: "Flat card" },
};

export const cardDataExample: Out<typeof cardDataResponse> = { data: cardExample };
export const cardsPageExample: Out<typeof cardsPageResponse> = { data: [cardExample], next_cursor: "eyJpZCI6N30.q9Vd2cE1rYw8mT0bKpA7sL" };

export const createProjectRequestExample: CreateProjectInput = {
  card_id: 7,
  name: "Holiday cards 2026",
  automation_message: "Warm wishes for the holidays!",
  automation_signoff: "The Smiths",
  message_font: "caveat",
};

export const projectExample: Out<typeof projectResponse> = {
  uuid: PROJECT,
  card_id: 7,
  name: "Holiday cards 2026",
  created_at: "2026-11-02T18:20:00.000Z",
  updated_at: "2026-11-02T18:25:00.000Z",
  is_box: false,
  is_postcard: false,
  category_id: 2,
  occasion_id: 5,
  image_url: `${ORIGIN}/card-art/birthday-balloons/front.svg`,
  thumbnail_url: `${ORIGIN}/card-art/birthday-balloons/thumbnail.svg`,
  automation_message: "Warm wishes for the holidays!",
  automation_signoff: "The Smiths",
  message_font: "caveat",
};

export const projectDataExample: Out<typeof projectDataResponse> = { data: projectExample };
export const projectsPageExample: Out<typeof projectsPageResponse> = { data: [projectExample], next_cursor: null };
export const projectDetailExample: Out<typeof projectDetailDataResponse> = {
  data: { ...projectExample, recipients: [{ ...contactExample, override_message: "Happy holidays, Jane!", address_warnings: [] }], recipients_count: 1, recipients_next_cursor: null },
};

export const projectRecipientsPageExample: Out<typeof projectRecipientsPageResponse> = {
  data: [
    { ...contactExample, override_message: "Happy holidays, Jane!", address_warnings: [] },
    {
      ...contactExample,
      uuid: "9b0c4d2e-7f1a-4c3b-8e5d-2a6f0b1c3d4e",
      first_name: "Luis",
      last_name: "Ortega",
      email: null,
      zip: "97201",
      override_message: null,
      address_warnings: [{ field: "zip", message: "This ZIP code is in Oregon, not Illinois" }],
    },
  ],
  next_cursor: null,
};

export const addRecipientsRequestExample: AddRecipientsInput = {
  recipients: [
    {
      internal_id: "CRM-1042",
      first_name: "Jane",
      last_name: "Smith",
      ...JANE_ADDRESS,
      email: "jane.smith@example.com",
      override_message: "Happy holidays, Jane!",
    },
    { first_name: "Luis", last_name: "Ortega", company: "Ortega Design", address: "400 Oak Avenue", city: "Austin", state: "TX", zip: "78701" },
  ],
};

export const addRecipientsExample: Out<typeof addRecipientsResponse> = {
  data: { message: "Recipients added to project", contacts_updated: 1, contacts_created: 1 },
};

export const checkoutExample: Out<typeof checkoutResponse> = { data: { order_id: 418, credit_charged: 7.98, remaining_credit: 92.02 } };

export const cancelOrderExample: Out<typeof cancelOrderResponse> = { data: { cancelled: 2, credit_refunded: 7.98, remaining_credit: 100 } };

export const insufficientCreditExample: Out<typeof insufficientCreditResponse> = {
  message: "No account credit available to process order",
  credit_available: 2.5,
  order_total: 7.98,
};

export const ordersPageExample: Out<typeof ordersPageResponse> = {
  data: [{ order_id: 418, created_at: "2026-11-02T18:30:00.000Z", credit_charged: 7.98, recipients_count: 2, project_uuids: [PROJECT] }],
  next_cursor: null,
};

export const orderTrackingExample: Out<typeof orderTrackingResponse> = {
  data: [
    {
      project_uuid: PROJECT,
      recipients: [
        {
          id: 9051,
          internal_id: "CRM-1042",
          status: "mailed",
          name: "Jane Smith",
          company: null,
          ...JANE_ADDRESS,
          scheduled_delivery_date: "2026-11-09T00:00:00.000Z",
          updated_at: "2026-11-04T08:15:00.000Z",
        },
        {
          id: 9052,
          internal_id: null,
          status: "in_production",
          name: "Luis Ortega",
          company: "Ortega Design",
          address: "400 Oak Avenue",
          apt: null,
          city: "Austin",
          state: "TX",
          zip: "78701",
          country: "US",
          scheduled_delivery_date: "2026-11-09T00:00:00.000Z",
          updated_at: "2026-11-03T07:00:00.000Z",
        },
      ],
    },
  ],
};

// The automations', the calendar feed's and the webhooks' examples.
export * from "./examples-automations-webhooks";
