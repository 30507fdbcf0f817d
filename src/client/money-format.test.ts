import { expect, test } from 'vitest';
import { formatAmountDetail, formatFileSize } from './money-format.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test.each([
  ['100.00', 'USD', 'pt-BR', 'US$ 100,00'],
  ['5000.50', 'USD', 'pt-BR', 'US$ 5.000,50'],
  ['100.00', 'RUB', 'ru', '100,00 ₽'],
  ['10 MB', 'USD', 'pt-BR', '10 MB'],
  ['JPEG, PNG, PDF', 'USD', 'en-US', 'JPEG, PNG, PDF'],
])('the detail %j of a server message in %s, %s reads %j', (detail, currency, tag, shown) => {
  expect(plain(formatAmountDetail(detail, currency, tag))).toBe(shown);
});

test.each([
  [68, 'en-US', '68 bytes'],
  [1536, 'pt-BR', '1,5 kB'],
  [1_200_068, 'en-US', '1.1 MB'],
  [10 * 1024 * 1024, 'pt-BR', '10 MB'],
])('%d bytes in %s read %j', (bytes, tag, shown) => {
  expect(plain(formatFileSize(bytes, tag))).toBe(shown);
});
