import "server-only";
import { getContactOrThrow } from "@/lib/contacts/service";
import { recordLoader } from "@/app/_lib/record-loader";

/** The signed-in user's contact with its children and pets, or the not-found page. */
export const loadContact = recordLoader(getContactOrThrow);
