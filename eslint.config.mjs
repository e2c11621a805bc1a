import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", ".data/**", "db/migrations/**", "next-env.d.ts", "e2e/artifacts/**", "bench/results/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The layers of DESIGN.md: app -> lib -> db, never the other way.
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/*", "**/lib/*"], message: "db/ knows no domain: lib/ imports db/, never the reverse." }] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "@/db", "@/db/*", "**/db/*"],
              message: "Pages, routes, actions and components call lib/ services (a service context from @/lib/context); only lib/ and db/ touch the database.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*"], message: "lib/ is the services, below the transports: it knows no Next.js (the pages and routes in app/ do)." },
            { group: ["@/app", "@/app/*", "**/app/*"], message: "lib/ never imports app/: app/ calls lib/." },
          ],
        },
      ],
    },
  },
];

export default config;
