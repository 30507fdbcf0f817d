import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Private file storage (identity documents). Keys are opaque; nothing here is ever public. */
export interface Storage {
  put(prefix: string, data: Buffer): Promise<{ key: string; sha256: string }>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** Local disk under DATA_DIR/private: outside dist/ and public/, so no static route reaches it. */
export class LocalDiskStorage implements Storage {
  readonly #root: string;

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  async put(prefix: string, data: Buffer) {
    const key = `${prefix.replace(/[^\w-]/g, '_')}/${randomUUID()}`;
    const file = this.#path(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, data, { mode: 0o600, flag: 'wx' });
    return { key, sha256: createHash('sha256').update(data).digest('hex') };
  }

  get(key: string) {
    return readFile(this.#path(key));
  }

  async delete(key: string) {
    await rm(this.#path(key), { force: true });
  }

  #path(key: string): string {
    if (!/^[\w-]+\/[0-9a-f-]{36}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.#root, key);
  }
}
