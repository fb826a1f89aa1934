import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (the library's default algorithm) with OWASP's recommended memory and time cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at a time: one per core, at most libuv's four threads. A hash is pure CPU, so more at once
 * than cores only time-share them, while each holds its 19 MiB: under a burst of sign-ins four at
 * once on two cores cost 38 MiB of resident memory more and no throughput (docs/performance.md).
 */
const hashing = pLimit(Math.min(4, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist, so timing tells nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('cadence-timing-equaliser!');
  await verifyPassword(await dummyHash, password);
}
