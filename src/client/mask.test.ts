import { describe, expect, test } from 'vitest';
import { applyMask, maskLength, unmask } from './mask.ts';
import { defaultPhoneCountry, phoneCountry, toE164 } from './phone.ts';

describe('input masks (docs/product-rules.md §5)', () => {
  test('# takes digits and literals appear as the player types', () => {
    expect(applyMask('9991234567', '(###) ###-##-##')).toBe('(999) 123-45-67');
    expect(applyMask('999', '(###) ###-##-##')).toBe('(999');
    expect(applyMask('99912', '(###) ###-##-##')).toBe('(999) 12');
    expect(applyMask('(999) 12a3', '(###) ###-##-##')).toBe('(999) 123');
  });

  test('@ takes letters and * letters or digits', () => {
    expect(applyMask('ab12', '@@-##')).toBe('ab-12');
    expect(applyMask('1a2b', '**-**')).toBe('1a-2b');
    expect(applyMask('12ab', '@@')).toBe('ab');
  });

  test('extra input is cut at the mask length', () => {
    expect(applyMask('12345678901234', '(##) ###-##-##')).toBe('(12) 345-67-89');
    expect(unmask('(12) 345-67-89', '(##) ###-##-##')).toBe('123456789');
    expect(maskLength('(###) ###-##-##')).toBe(10);
  });
});

describe('phone prefixes (docs/product-rules.md §3)', () => {
  test('ru +7, kz +7, by +375, preselected by locale', () => {
    expect(toE164(phoneCountry('by'), '(29) 123-45-67')).toBe('+375291234567');
    expect(toE164(phoneCountry('kz'), '7011234567')).toBe('+77011234567');
    expect(defaultPhoneCountry('kz')).toBe('kz');
    expect(defaultPhoneCountry('ru')).toBe('ru');
    expect(defaultPhoneCountry('en')).toBe('ru');
  });
});
