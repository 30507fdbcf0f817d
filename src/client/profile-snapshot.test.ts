import { describe, expect, test } from 'vitest';
import type { User } from '../stores/user.ts';
import {
  dropProfileSnapshot,
  readProfileSnapshot,
  saveProfileSnapshot,
  tokenSubject,
} from './profile-snapshot.ts';

/** A token whose payload names `sub` (the signature is never read here). */
const tokenOf = (sub: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub, sid: 's' })).toString('base64url')}.sig`;

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const player = (id: number) => ({ id, name: 'Star', balance: '12.50', currency: 'USD' }) as unknown as User;

describe('the offline profile snapshot', () => {
  test.each([
    [tokenOf('42'), '42'],
    [tokenOf(42), null],
    [tokenOf('x'), null],
    ['not-a-token', null],
    ['a.%%%.c', null],
  ])('tokenSubject(%j) is %j', (token, sub) => {
    expect(tokenSubject(token)).toBe(sub);
  });

  test("is read back for the token's player only, and dropped with the session", () => {
    const storage = memoryStorage();
    saveProfileSnapshot(tokenOf('42'), player(42), storage);
    expect(readProfileSnapshot(tokenOf('42'), storage)).toEqual(player(42));
    expect(readProfileSnapshot(tokenOf('43'), storage)).toBeNull();
    expect(readProfileSnapshot(null, storage)).toBeNull();
    dropProfileSnapshot(storage);
    expect(readProfileSnapshot(tokenOf('42'), storage)).toBeNull();
  });

  test("a profile is never kept under another player's token", () => {
    const storage = memoryStorage();
    saveProfileSnapshot(tokenOf('7'), player(42), storage);
    expect(storage.length).toBe(0);
  });
});
