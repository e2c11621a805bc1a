import "server-only";
import { getCardOrThrow } from "@/lib/cards/service";
import { recordLoader } from "@/app/_lib/record-loader";

/** An active card of the catalog, or the not-found page (a retired card included). */
export const loadCard = recordLoader(getCardOrThrow);
