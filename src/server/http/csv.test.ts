import { describe, expect, test } from 'vitest';
import { csvNumber, toCsv } from './csv.ts';

const line = (cell: Parameters<typeof toCsv>[1][number][number]) => toCsv(['h'], [[cell]]).split('\r\n')[1];

describe('a text cell a spreadsheet would read as a formula is defused (OWASP CSV injection)', () => {
  test.each([
    ['=1+1', `"'=1+1"`],
    ['+1+1', `"'+1+1"`],
    ['-1+1', `"'-1+1"`],
    // Regression rows (issue 25 §5): `-<digit>` passed as a number and ran as a formula.
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])('%j → %s', (cell, written) => {
    expect(line(cell)).toBe(written);
  });

  test.each([
    ['p1', '"p1"'],
    ['RUB -700.00', '"RUB -700.00"'],
    ['', '""'],
    ['a "quoted" word', '"a ""quoted"" word"'],
  ])('other text is only quoted: %j → %s', (cell, written) => {
    expect(line(cell)).toBe(written);
  });
});

describe('a number cell', () => {
  test.each([
    ['-25.00', '"-25.00"'],
    ['25.00', '"25.00"'],
    ['0', '"0"'],
  ])('a plain decimal is written as it is: %j → %s', (value, written) => {
    expect(line(csvNumber(value))).toBe(written);
  });

  test.each([
    ['-1+1', `"'-1+1"`],
    ['=1', `"'=1"`],
    ['-1e3', `"'-1e3"`],
  ])('anything else is text, defused: %j → %s', (value, written) => {
    expect(line(csvNumber(value))).toBe(written);
  });
});

test('lines end in CRLF, the header first', () => {
  expect(toCsv(['a', 'b'], [['1', csvNumber('-2.50')]])).toBe('a,b\r\n"1","-2.50"\r\n');
});
