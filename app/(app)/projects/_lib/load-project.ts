import "server-only";
import { getProjectOrThrow } from "@/lib/projects/service";
import { recordLoader } from "@/app/_lib/record-loader";

/** The signed-in user's project, or the not-found page: for the project and its checkout. */
export const loadProject = recordLoader(getProjectOrThrow);
