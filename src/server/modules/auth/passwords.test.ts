import { describe, expect, test } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('password policy', () => {
  test.each([
    ['short', 'password_too_short:8'],
    ['1234567', 'password_too_short:8'],
    ['x'.repeat(129), 'password_too_long:128'],
    ['password1', 'password_common'],
    ['Qwerty123', 'password_common'],
    ['correct horse battery staple', null],
    ['Zq8#pL2!vR', null],
    ['x'.repeat(128), null],
  ])('%j → %j', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  test('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('пароль🎲🎲')).toBe(null);
    expect(passwordProblem('🎲🎲🎲🎲🎲🎲🎲')).toBe('password_too_short:8');
  });
});

describe('argon2id', () => {
  test('hashes with argon2id at m=19 MiB, t=2, p=1 and verifies', async () => {
    const stored = await hashPassword('Zq8#pL2!vR');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Zq8#pL2!vR')).toBe(true);
    expect(await verifyPassword(stored, 'Zq8#pL2!vr')).toBe(false);
  });

  test('a missing hash never verifies', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
  });
});
