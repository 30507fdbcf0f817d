import { describe, expect, test } from 'vitest';
import {
  type ChannelEvent,
  type ChannelPayload,
  isBalanceEvent,
  isPublicChannel,
  isRelayedPath,
  isUserChannel,
  parseServerMessage,
  type ServerMessage,
  userChannel,
  versionOrder,
} from './realtime.ts';
import { parseClientMessage } from './realtime-messages.ts';

describe('the /ws protocol', () => {
  test('public channels, the player channel and how each numbers its events', () => {
    for (const name of [
      'feed:bets',
      'feed:high-rollers',
      'game:crash',
      'rooms:red',
      'rooms:yellow',
      'rooms:purple',
    ])
      expect(isPublicChannel(name)).toBe(true);
    for (const name of ['user:1', 'rooms:green', 'feed:', 'auth:sessions-revoked', 'feed:bets ']) {
      expect(isPublicChannel(name)).toBe(false);
    }
    expect(userChannel(42)).toBe('user:42');
    expect(isUserChannel('user:42')).toBe(true);
    expect(isUserChannel('user:')).toBe(false);
    expect(isUserChannel('user:1:2')).toBe(false);
    expect(versionOrder('user:42')).toBe('time');
    expect(versionOrder('feed:bets')).toBe('id');
    expect(versionOrder('feed:high-rollers')).toBe('id');
    expect(versionOrder('game:crash')).toBe('sequence');
    expect(versionOrder('rooms:red')).toBe('sequence');
  });

  test('client messages are parsed or refused', () => {
    const valid = [
      { type: 'ping' },
      { type: 'auth', token: 't' },
      { type: 'subscribe', channel: 'feed:bets' },
      { type: 'unsubscribe', channel: 'user:1' },
    ];
    for (const message of valid) expect(parseClientMessage(JSON.stringify(message))).toEqual(message);
    expect(parseClientMessage(JSON.stringify({ type: 'auth', token: 'x'.repeat(4096) }))).toBeNull();
    for (const raw of ['', 'nope', '{"type":"subscribe"}', '{"type":"auth"}', '{"type":"other"}', 'null'])
      expect(parseClientMessage(raw)).toBeNull();
  });

  test('requests: only a POST with an id, a key and an object body; only the named headers pass', () => {
    const request = {
      type: 'request',
      id: 4,
      method: 'POST',
      path: '/games/dice/bet',
      key: 'k-1',
      body: { amount: '1' },
      headers: { 'accept-language': 'en', region: 'kz' },
    };
    expect(parseClientMessage(JSON.stringify(request))).toEqual(request);
    expect(
      parseClientMessage(
        JSON.stringify({ ...request, headers: { authorization: 'Bearer x', region: 'kz' } }),
      ),
    ).toEqual({ ...request, headers: { region: 'kz' } });
    for (const wrong of [
      { id: -1 },
      { id: 1.5 },
      { id: '1' },
      { method: 'GET' },
      { key: '' },
      { key: undefined },
      { path: 7 },
      { path: `/${'x'.repeat(300)}` },
      { body: [1] },
      { body: null },
    ])
      expect(parseClientMessage(JSON.stringify({ ...request, ...wrong }))).toBeNull();
    for (const path of [
      '/games/dice/bet',
      '/games/keno/bet',
      '/games/roulette/bet',
      '/games/wheel/bet',
      '/games/cases/open',
      '/games/miner/auto',
    ])
      expect(isRelayedPath(path)).toBe(true);
    for (const path of [
      '/games/crash/bet',
      '/games/dice/bet/',
      '/profile/user',
      'games/dice/bet',
      '/games/hilo/start',
    ])
      expect(isRelayedPath(path)).toBe(false);
  });

  test('server messages: the envelope is checked, the data is left to the reader', () => {
    const valid = [
      { type: 'event', channel: 'feed:bets', version: 3, data: { id: '3' } },
      { type: 'authenticated', channel: 'user:5' },
      { type: 'unauthenticated', channel: 'user:5', reason: 'revoked' },
      { type: 'error', code: 'forbidden_channel' },
      { type: 'response', id: 2, status: 200, body: { data: {} } },
    ];
    for (const message of valid) expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
    for (const raw of [
      'x',
      '7',
      '{"type":"event","channel":"feed:bets","version":"3"}',
      '{"type":"event","channel":"nowhere","version":3}',
      '{"type":"authenticated","channel":"feed:bets"}',
      '{"type":"unauthenticated","channel":"user:5","reason":"bored"}',
      '{"type":"surprise"}',
      '{"type":"response","id":"2","status":200}',
    ])
      expect(parseServerMessage(raw)).toBeNull();
  });

  test('balance payloads', () => {
    const balance = {
      type: 'balance',
      balance: '1.00',
      bonus_balance: '0.00',
      total_balance: '1.00',
      currency: 'RUB',
    };
    expect(isBalanceEvent(balance)).toBe(true);
    expect(isBalanceEvent({ ...balance, balance: 1 })).toBe(false);
    expect(isBalanceEvent({ type: 'bet' })).toBe(false);
    expect(isBalanceEvent(null)).toBe(false);
  });

  test('payloads are typed per channel', () => {
    const balance: ChannelPayload<'user:1'> = {
      type: 'balance',
      balance: '1.00',
      bonus_balance: '0.00',
      total_balance: '1.00',
      currency: 'RUB',
    };
    // @ts-expect-error a balance event carries all three amounts
    const partial: ChannelPayload<'user:1'> = { type: 'balance', balance: '1.00' };
    const event: ChannelEvent<'user:1'> = { channel: 'user:1', version: 1, data: balance };
    // @ts-expect-error only public channels are subscribed to
    const message: ServerMessage = { type: 'subscribed', channel: 'user:1' };
    expect([partial, event, message]).toHaveLength(3);
  });
});
