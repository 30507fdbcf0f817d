/**
 * A small signed Wallet API for the studio's tests: a plain node:http server that checks the
 * studio's signature, keeps one balance (×100000 units) and answers signed with the casino's key.
 * Each path can be told to answer something else: a status, no answer at all (the socket is cut)
 * or a bad signature.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';

export type Behaviour = 'ok' | 'cut' | 'bad-signature' | string;

export interface WalletCall {
  path: string;
  body: Record<string, unknown>;
  signed: boolean;
  answer?: Record<string, unknown>;
}

export interface FakeWallet {
  url: string;
  operatorPrivateKeyPem: string;
  operatorPublicKeyPem: string;
  calls: WalletCall[];
  balance: number;
  currency: string;
  /** What each path answers next (all following calls, until changed). */
  behaviour: Record<string, Behaviour>;
  setStudioKey(pem: string): void;
  close(): Promise<void>;
}

export function operatorKeys(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function signBody(privatePem: string | KeyObject, body: string): string {
  const key = typeof privatePem === 'string' ? createPrivateKey(privatePem) : privatePem;
  return sign('sha256', Buffer.from(body), key).toString('base64');
}

export async function startFakeWallet(
  options: { balance?: number; currency?: string } = {},
): Promise<FakeWallet> {
  const keys = operatorKeys();
  const operatorKey = createPrivateKey(keys.privatePem);
  let studioKey: KeyObject | undefined;
  const seen = new Map<string, string>();
  const wallet: FakeWallet = {
    url: '',
    operatorPrivateKeyPem: keys.privatePem,
    operatorPublicKeyPem: keys.publicPem,
    calls: [],
    balance: options.balance ?? 100_000_000,
    currency: options.currency ?? 'USD',
    behaviour: {},
    setStudioKey: (pem) => {
      studioKey = createPublicKey(pem);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = (request.url ?? '').replace(/^\/api\/aggregator\/wallet/, '');
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      const signature = request.headers['x-hub88-signature'];
      const signed =
        !!studioKey &&
        typeof signature === 'string' &&
        verify('sha256', raw, studioKey, Buffer.from(signature, 'base64'));
      const call: WalletCall = { path, body, signed };
      wallet.calls.push(call);
      const behaviour = wallet.behaviour[path] ?? 'ok';
      if (behaviour === 'cut') {
        request.socket.destroy();
        return;
      }
      const base = { user: body.user, request_uuid: body.request_uuid, currency: wallet.currency };
      let answer: Record<string, unknown>;
      const previous = seen.get(String(body.request_uuid));
      if (previous) answer = JSON.parse(previous);
      else if (!signed) answer = { ...base, status: 'RS_ERROR_INVALID_SIGNATURE' };
      else if (behaviour !== 'ok' && behaviour !== 'bad-signature')
        answer = { ...base, status: behaviour, balance: wallet.balance };
      else {
        const amount = Number(body.amount ?? 0);
        if (path === '/transaction/bet') {
          if (amount > wallet.balance)
            answer = { ...base, status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: wallet.balance };
          else {
            wallet.balance -= amount;
            answer = { ...base, status: 'RS_OK', balance: wallet.balance };
          }
        } else {
          if (path === '/transaction/win') wallet.balance += amount;
          answer = { ...base, status: 'RS_OK', balance: wallet.balance };
        }
      }
      const text = JSON.stringify(answer);
      seen.set(String(body.request_uuid), text);
      call.answer = answer;
      response.writeHead(200, {
        'content-type': 'application/json',
        'x-hub88-signature':
          behaviour === 'bad-signature' ? signBody(operatorKey, `${text} `) : signBody(operatorKey, text),
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  wallet.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/aggregator/wallet`;
  return wallet;
}
