import fs from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';

/** Where uploaded files live; local disk by default, another backend only has to implement this. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

function safePath(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error('storage key escapes the storage root');
  return full;
}

export function localDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  return {
    async put(key, data) {
      const file = safePath(base, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async get(key) {
      try {
        return await fs.readFile(safePath(base, key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(safePath(base, key), { force: true });
    },
  };
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= localDiskStorage(path.join(config().DATA_DIR, 'uploads'));
  return storage;
}
