import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { bareAddress, ProxyTrust, parseTrustProxy } from './proxy-trust.ts';

describe('TRUST_PROXY', () => {
  test.each([
    ['', 0],
    ['false', 0],
    ['no', 0],
    ['0', 0],
    ['true', 1],
    ['yes', 1],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.1, 2001:db8::/32 , loopback', ['10.0.0.1', '2001:db8::/32', 'loopback']],
  ])('%j reads as %j', (raw, setting) => {
    expect(parseTrustProxy(raw)).toEqual(setting);
  });

  test.each(['33', '10.0.0.0/33', '::/129', '10.0.0.0/x', 'proxy.internal', 'unknown', '10.0.0.1,,nope'])(
    '%j is refused with a message',
    (raw) => {
      expect(typeof parseTrustProxy(raw)).toBe('string');
    },
  );
});

test.each([
  ['1.2.3.4', '1.2.3.4'],
  ['1.2.3.4:5678', '1.2.3.4'],
  ['[2001:db8::1]:443', '2001:db8::1'],
  ['[2001:db8::1]', '2001:db8::1'],
  ['::ffff:1.2.3.4', '1.2.3.4'],
  ['2001:db8::1', '2001:db8::1'],
  ['unknown', 'unknown'],
])('the bare address of %j is %j', (entry, bare) => {
  expect(bareAddress(entry)).toBe(bare);
});

const request = (remoteAddress: string, forwarded?: string) => ({
  headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  socket: { remoteAddress },
});

describe('the client address', () => {
  test.each([
    // [setting, socket peer, X-Forwarded-For, client]
    [0, '10.0.0.1', '1.1.1.1', '10.0.0.1'],
    [1, '10.0.0.1', undefined, '10.0.0.1'],
    [1, '10.0.0.1', '1.1.1.1', '1.1.1.1'],
    // The client wrote the first entry; the one proxy appended the second.
    [1, '10.0.0.1', '6.6.6.6, 1.1.1.1', '1.1.1.1'],
    [2, '10.0.0.1', '6.6.6.6, 1.1.1.1, 10.0.0.2', '1.1.1.1'],
    // Fewer entries than hops: the leftmost there is.
    [3, '10.0.0.1', '1.1.1.1', '1.1.1.1'],
    [1, '10.0.0.1', 'unknown', 'unknown'],
    [['10.0.0.0/8'], '10.0.0.1', '6.6.6.6, 1.1.1.1, 10.0.0.2', '1.1.1.1'],
    // Not from a trusted proxy: X-Forwarded-For is the client's own writing.
    [['10.0.0.0/8'], '203.0.113.5', '1.1.1.1', '203.0.113.5'],
    [['10.0.0.0/8'], '::ffff:10.0.0.1', '1.1.1.1', '1.1.1.1'],
    [['uniquelocal'], '192.168.1.1', '1.1.1.1, 172.16.0.9', '1.1.1.1'],
    // A malformed entry is never a trusted proxy, so it is the client (and has no country).
    [['10.0.0.0/8'], '10.0.0.1', '1.1.1.1, garbage', 'garbage'],
  ] as const)('with %j, from %s forwarding %j, the client is %s', (setting, peer, forwarded, client) => {
    const trust = new ProxyTrust(typeof setting === 'number' ? setting : [...setting]);
    expect(trust.clientIp(request(peer, forwarded))).toBe(client);
  });

  test.each([0, 1, 2, ['10.0.0.0/8', '::1'], ['loopback']] as const)(
    'with %j it is what Fastify reads as request.ip, host and protocol',
    async (setting) => {
      const trust = new ProxyTrust(typeof setting === 'number' ? setting : [...setting]);
      const app = Fastify({ trustProxy: trust.fastifyOption });
      app.get('/', async (req) => ({ ip: req.ip, host: req.host, protocol: req.protocol }));
      for (const remoteAddress of ['10.0.0.1', '127.0.0.1', '203.0.113.5']) {
        for (const forwarded of [
          undefined,
          '1.1.1.1',
          '6.6.6.6, 1.1.1.1',
          '6.6.6.6, 1.1.1.1, 10.0.0.2',
          'x, 10.0.0.3',
        ]) {
          const headers = {
            ...(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }),
            host: 'site.example',
            'x-forwarded-host': 'a.example, b.example',
            'x-forwarded-proto': 'https',
          };
          const res = await app.inject({ url: '/', remoteAddress, headers });
          const raw = { headers, socket: { remoteAddress } };
          expect(res.json(), `${remoteAddress} ${forwarded}`).toEqual({
            ip: trust.clientIp(raw),
            host: trust.forwarded(raw, 'x-forwarded-host') ?? 'site.example',
            protocol: trust.forwarded(raw, 'x-forwarded-proto') ?? 'http',
          });
        }
      }
      await app.close();
    },
  );
});
