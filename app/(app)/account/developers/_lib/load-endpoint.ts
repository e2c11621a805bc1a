import "server-only";
import { recordLoader } from "@/app/_lib/record-loader";
import { getEndpoint } from "@/lib/webhooks/endpoints";

/** The signed-in user's webhook endpoint, or the not-found page. */
export const loadEndpoint = recordLoader(getEndpoint);
