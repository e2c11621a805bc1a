/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and extension bundles from its own package folder at run time;
  // pg-boss reads its own version.json and SQL plans at run time too. rate-limiter-flexible's
  // index requires every store, one of them through an import the bundler can't follow.
  // Node loads these as published, and prom-client keeps one registry per process that way.
  // zipcodes is a 5 MB table of every US ZIP code: loaded by Node once, not copied into chunks.
  // pdfkit reads its standard fonts' metrics beside its own files; fontkit and svg-to-pdfkit go with it.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg-boss", "prom-client", "rate-limiter-flexible", "zipcodes", "pdfkit", "fontkit", "svg-to-pdfkit"],
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  // Lets a second build or dev server run beside the main one (e2e, benchmarks) without sharing .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // `npm run typecheck` checks types (CI runs it before building); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // On every page and API answer. This policy limits framing, <base> and plugins; pages also get
  // proxy.ts's, which allows scripts by a nonce per request (a browser enforces both).
  async headers() {
    const security = [
      { key: "Content-Security-Policy", value: "frame-ancestors 'none'; base-uri 'self'; object-src 'none'" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ];
    return [
      { source: "/:path*", headers: security },
      // Behind a TLS-terminating proxy only: a plain-http answer must not pin https.
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
      },
    ];
  },
};

export default nextConfig;
