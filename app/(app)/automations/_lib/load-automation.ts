import "server-only";
import { recordLoader } from "@/app/_lib/record-loader";
import { getAutomationOrThrow } from "@/lib/automations/service";

/** The signed-in user's automation, or the not-found page. */
export const loadAutomation = recordLoader(getAutomationOrThrow);
