import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/api-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Files run in parallel against one server; each test makes its own users and client IPs.
          // Two at a time even on two cores: the files mostly wait on the server and PostgreSQL, and
          // vitest's default (cores - 1) ran them one by one.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
