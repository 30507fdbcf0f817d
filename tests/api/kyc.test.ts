import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789-abcdef';
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'kyc-'));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_TOKEN: OPERATOR, DATA_DIR, SANDBOX_WEBHOOK_INTERVAL_MS: '3600000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A RUB player with 1000.00 of cash. */
const fundedPlayer = () => playerWithCash(t, 100_000n);

const upload = (token: string, kind: string, bytes: Buffer, type = 'image/png', name = 'document') => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${base}/api/profile/verification/documents`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
};
const withdraw = (token: string) =>
  fetch(`${base}/api/payments/withdrawals`, {
    method: 'POST',
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      'idempotency-key': `kyc-w-${Date.now()}-${++n}`,
    },
    body: JSON.stringify({ amount: '100', method: 'sandbox_card' }),
  });
const operator = (url: string, body: unknown = {}) =>
  fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const profile = async (token: string) =>
  (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user;

describe('verification (KYC)', () => {
  test('the first withdrawal needs verification: is_need is set and the withdrawal is refused', async () => {
    const { token } = await fundedPlayer();
    expect((await profile(token)).verification).toEqual({ is_need: true, data: null });
    const res = await withdraw(token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: { verification: ['verification_required'] } });
    expect((await profile(token)).balance).toBe('1000.00');
  });

  test('documents upload to private storage; the case becomes pending; the operator approves; withdrawals work', async () => {
    const { token, id } = await fundedPlayer();
    const res = await upload(token, 'passport', PNG);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ kind: 'passport', mime: 'image/png', size: PNG.length });
    expect((await profile(token)).verification).toEqual({ is_need: true, data: { status: 'pending' } });
    const [doc] = await t.database.query<{ storage_key: string }>(
      'select storage_key from verification_documents where id = $1',
      [data.id],
    );
    expect(existsSync(path.join(DATA_DIR, 'private', doc?.storage_key as string))).toBe(true);
    const pending = await (
      await fetch(`${base}/api/operator/verifications`, { headers: { authorization: `Bearer ${OPERATOR}` } })
    ).json();
    expect(pending.data.map((v: { user_id: string }) => v.user_id)).toContain(id);
    const file = await fetch(`${base}/api/operator/documents/${data.id}`, {
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect(
      (await fetch(`${base}/api/operator/documents/${data.id}`, { headers: bearer(token) })).status,
    ).toBe(401);
    expect((await operator(`/operator/verifications/${id}/approve`)).status).toBe(200);
    expect((await operator(`/operator/verifications/${id}/approve`)).status).toBe(409);
    expect((await profile(token)).verification).toEqual({ is_need: false, data: { status: 'success' } });
    expect((await withdraw(token)).status).toBe(200);
  });

  test('a rejection is failed, with the reason, and a new upload reopens the case', async () => {
    const { token, id } = await fundedPlayer();
    await upload(token, 'id_card', PNG);
    expect((await operator(`/operator/verifications/${id}/reject`, { reason: 'blurred photo' })).status).toBe(
      200,
    );
    const status = await (await fetch(`${base}/api/profile/verification`, { headers: bearer(token) })).json();
    expect(status.data).toMatchObject({
      status: 'failed',
      raw_status: 'failed',
      reason: 'blurred photo',
      is_need: true,
    });
    await upload(token, 'id_card', PNG);
    expect((await profile(token)).verification.data).toEqual({ status: 'pending' });
  });

  test.each([
    [
      'selfie',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
      { file: ['file_type_not_allowed:JPEG, PNG, PDF'] },
    ],
    ['tax_return', PNG, 'image/png', { kind: ['invalid_document_kind'] }],
    [
      'passport',
      Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
      'image/png',
      { file: ['file_too_large:10 MB'] },
    ],
  ])('a %s upload that breaks the rules is refused', async (kind, bytes, type, errors) => {
    const { token } = await fundedPlayer();
    const res = await upload(token, kind, bytes, type);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors });
    expect((await profile(token)).verification.data).toBeNull();
  });

  test('the document list names each file with its size and its own status: pending, then the decision that covered it', async () => {
    const { token, id } = await fundedPlayer();
    const documents = async () =>
      (await (await fetch(`${base}/api/profile/verification`, { headers: bearer(token) })).json()).data
        .documents as Array<{ kind: string; name: string | null; size: number; status: string }>;
    const first = await upload(token, 'passport', PNG, 'image/png', 'C:\\scans\\pass\u202eport.png');
    expect((await first.json()).data).toMatchObject({ kind: 'passport', name: 'passport.png' });
    expect(await documents()).toEqual([
      expect.objectContaining({
        kind: 'passport',
        name: 'passport.png',
        size: PNG.length,
        status: 'pending',
      }),
    ]);
    await operator(`/operator/verifications/${id}/reject`, { reason: 'blurred photo' });
    await upload(token, 'id_card', PNG, 'image/png', `${'long-name-'.repeat(20)}.png`);
    const [rejected, waiting] = await documents();
    expect(rejected).toMatchObject({ name: 'passport.png', status: 'rejected' });
    expect(waiting).toMatchObject({ kind: 'id_card', status: 'pending' });
    expect([...(waiting?.name ?? '')]).toHaveLength(120);
    expect(waiting?.name).toMatch(/^long-name-.*…\.png$/);
    await operator(`/operator/verifications/${id}/approve`);
    expect((await documents()).map((d) => d.status)).toEqual(['rejected', 'accepted']);
  });

  // A user id past the bigint range reached SQL and failed there (a 500).
  test.each([
    ['GET', '/operator/verifications/99999999999999999999/documents'],
    ['POST', '/operator/verifications/99999999999999999999/approve'],
    ['POST', '/operator/verifications/99999999999999999999/reject'],
  ])('the operator path %s %s with an out-of-range user id is a 422', async (method, url) => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify({ reason: 'x' }) } : {}),
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(['userId']);
  });

  test('a multipart body that breaks off mid-file is a 400 that stores nothing', async () => {
    const { token, id } = await fundedPlayer();
    const boundary = 'orbita-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npassport\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const res = await fetch(`${base}/api/profile/verification/documents`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([head, PNG, Buffer.alloc(500)]),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { file: ['upload_incomplete'] } });
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from verification_documents where user_id = $1',
      [id],
    );
    expect(row?.n).toBe(0);
    expect(existsSync(path.join(DATA_DIR, 'private', `user-${id}`))).toBe(false);
    const status = await (await fetch(`${base}/api/profile/verification`, { headers: bearer(token) })).json();
    expect(status.data).toMatchObject({ status: null, documents: [] });
  });
});
