import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { newPlayer } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789-abcdef';
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'kyc-limits-'));
const MAX_FILES = 3;
const MAX_BYTES = 2048;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_API_TOKEN: OPERATOR,
    DATA_DIR,
    KYC_MAX_PENDING_FILES: String(MAX_FILES),
    KYC_MAX_PENDING_BYTES: String(MAX_BYTES),
    SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** A PNG of `size` bytes (the signature, then padding: the type is read from the first bytes). */
const png = (size = 64) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8)]);

const player = () => newPlayer(t, { currency: 'RUB' });

const upload = (token: string, bytes: Buffer, kind = 'passport') => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'document.png');
  return fetch(`${base}/api/profile/verification/documents`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
};

/** What the player has stored: document rows and files on disk (the two must always agree). */
async function storedOf(id: string) {
  const [row] = await t.database.query<{ n: number }>(
    'select count(*)::int as n from verification_documents where user_id = $1',
    [id],
  );
  const folder = path.join(DATA_DIR, 'private', `user-${id}`);
  return { rows: row?.n, files: existsSync(folder) ? readdirSync(folder).length : 0 };
}

describe('caps on documents waiting for a decision', () => {
  test('the document over the count cap is refused with a translated key and stores nothing', async () => {
    const { token, id } = await player();
    for (let i = 0; i < MAX_FILES; i++) expect((await upload(token, png())).status).toBe(200);
    const over = await upload(token, png());
    expect(over.status).toBe(422);
    expect(await over.json()).toEqual({ errors: { file: [`too_many_documents:${MAX_FILES}`] } });
    expect(await storedOf(id)).toEqual({ rows: MAX_FILES, files: MAX_FILES });
  });

  test('the document over the byte cap is refused; a smaller one that fits is accepted', async () => {
    const { token, id } = await player();
    expect((await upload(token, png(1500))).status).toBe(200);
    const over = await upload(token, png(1000));
    expect(over.status).toBe(422);
    expect(await over.json()).toEqual({ errors: { file: ['documents_too_large:2 KB'] } });
    expect(await storedOf(id)).toEqual({ rows: 1, files: 1 });
    expect((await upload(token, png(MAX_BYTES - 1500))).status).toBe(200);
    expect(await storedOf(id)).toEqual({ rows: 2, files: 2 });
  });

  test('a rejection frees the room: the player may send new documents', async () => {
    const { token, id } = await player();
    for (let i = 0; i < MAX_FILES; i++) await upload(token, png());
    expect((await upload(token, png())).status).toBe(422);
    const rejected = await fetch(`${base}/api/operator/verifications/${id}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'blurred photo' }),
    });
    expect(rejected.status).toBe(200);
    expect((await upload(token, png())).status).toBe(200);
  });

  test('parallel uploads with room for one: exactly one is stored', async () => {
    const { token, id } = await player();
    for (let i = 0; i < MAX_FILES - 1; i++) await upload(token, png());
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(token, png())));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(await storedOf(id)).toEqual({ rows: MAX_FILES, files: MAX_FILES });
  });
});
