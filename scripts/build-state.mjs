// Whether a production build is older than the sources it was made from. Shared by `npm start`,
// the Playwright server and the benchmark; Node built-ins only, so it runs before `npm ci`.
import fs from "node:fs";
import path from "node:path";

/** Sources whose change needs a new `next build` (tests and migrations do not). */
export const BUILD_INPUTS = ["app", "components", "lib", "db", "public", "instrumentation.ts", "proxy.ts", "auth.ts", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  if (path.basename(target) === "migrations") return 0;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `<root>/<distDir>` holds no build, or one older than any of `inputs`. */
export function buildIsStale(root, distDir, inputs = BUILD_INPUTS) {
  let built;
  try {
    built = fs.statSync(path.join(root, distDir, "BUILD_ID")).mtimeMs;
  } catch {
    return true;
  }
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}
