// Types only: client components import this module too, and a type import of db/ leaves
// nothing of it in their bundle.
import type { AddressBlock } from "@/db/schema";

/** The account's shipping address as stored: whom a parcel of cards is addressed to, and where. */
export type ShippingAddress = AddressBlock;

/** The postal part of an address, as contacts, order recipients and the shipping address hold it; unset parts are null. */
export type MailingAddress = Omit<AddressBlock, "name" | "company">;
