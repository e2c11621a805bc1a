import "server-only";
import { getGroupOrThrow } from "@/lib/groups/service";
import { recordLoader } from "@/app/_lib/record-loader";

/** The signed-in user's group, or the not-found page. */
export const loadGroup = recordLoader(getGroupOrThrow);
