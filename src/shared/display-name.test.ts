import { describe, expect, test } from 'vitest';
import { checkDisplayName, DISPLAY_NAME_MAX, displayNameField, sanitiseDisplayName } from './display-name.ts';

describe('a typed display name', () => {
  test.each([
    ['Latin', 'Anna Smith', 'Anna Smith'],
    ['Cyrillic', 'Жанар Иванова', 'Жанар Иванова'],
    ['Kazakh names', 'Әлия Қасымқызы', 'Әлия Қасымқызы'],
    ['every Kazakh-only letter', 'Әә Ғғ Ққ Ңң Өө Ұұ Үү Һһ Іі', 'Әә Ғғ Ққ Ңң Өө Ұұ Үү Һһ Іі'],
    ['Devanagari with combining marks', 'अंशुमान क्षत्रिय', 'अंशुमान क्षत्रिय'],
    ['Portuguese accents', 'João Conceição', 'João Conceição'],
    ['Portuguese accents typed decomposed (NFD)', 'Joa\u0303o', 'João'],
    ['digits and every separator', "O'Brien-Smith Jr._2 D’Arc", "O'Brien-Smith Jr._2 D’Arc"],
    ['surrounding and repeated spaces', '  Anna   Smith  ', 'Anna Smith'],
    ['a no-break space (folds to a space)', 'Anna\u00a0Smith', 'Anna Smith'],
    ['styled mathematical letters (fold to plain ones)', '𝐀𝐝𝐦𝐢𝐧', 'Admin'],
  ])('%s is accepted: %j → %j', (_label, raw, name) => {
    expect(checkDisplayName(raw)).toEqual({ ok: true, name });
  });

  test.each([
    ['an RTL override (U+202E)', 'evil\u202Egnp.exe'],
    ['a right-to-left mark (U+200F)', 'Anna\u200F'],
    ['a left-to-right isolate (U+2066)', '\u2066Anna'],
    ['a zero-width joiner between letters', 'Ad\u200Dmin'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a Hangul filler (an invisible "letter")', '\u3164'],
    ['a combining grapheme joiner', 'Ann\u034Fa'],
    ['a newline', 'Anna\nSmith'],
    ['a tab', 'Anna\tSmith'],
    ['a NUL', 'Anna\u0000'],
    ['a line separator (U+2028)', 'Anna\u2028Smith'],
    ['an emoji', 'Anna 🎰'],
    ['markup', '<b>Anna</b>'],
    ['a leading separator', '.Anna'],
    ['a leading combining mark', '\u0301Anna'],
    ['a mark on a separator', 'Anna -\u0301'],
    ['a pile of combining marks (Zalgo)', 'Ann\u0300\u0301\u0302\u0303\u0304a'],
    ['a lone surrogate', 'Ann\ud800'],
    ['only spaces', '   '],
  ])('%s is invalid_name', (_label, raw) => {
    expect(checkDisplayName(raw)).toEqual({ ok: false, error: 'invalid_name' });
  });

  test('the length counts characters after normalisation', () => {
    expect(checkDisplayName('ж'.repeat(DISPLAY_NAME_MAX)).ok).toBe(true);
    expect(checkDisplayName('ж'.repeat(DISPLAY_NAME_MAX + 1))).toEqual({ ok: false, error: 'name_too_long' });
  });

  test('as a request field a name parses to its normalised form', () => {
    expect(displayNameField.safeParse('Anna  Smith')).toEqual({ success: true, data: 'Anna Smith' });
  });

  test.each([
    ['evil\u202Egnp', 'invalid_name'],
    ['a'.repeat(DISPLAY_NAME_MAX + 1), `name_too_long:${DISPLAY_NAME_MAX}`],
    ['a'.repeat(10_000), `name_too_long:${DISPLAY_NAME_MAX}`],
    [42, 'invalid_name'],
  ])('as a request field %j fails with %j', (raw, message) => {
    expect(displayNameField.safeParse(raw).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('a name from elsewhere, made showable', () => {
  test.each([
    ['a valid name', 'Жанар', 'Жанар'],
    ['an RTL override', 'evil\u202Egnp.exe', 'evilgnp.exe'],
    ['zero-width characters', 'Ad\u200Dm\u200Bin', 'Admin'],
    ['newlines and tabs', 'Anna\n\tSmith', 'Anna Smith'],
    ['control characters and NUL', 'An\u0000n\u0007a', 'Anna'],
    ['emoji', '🎰 Lucky 🎰', 'Lucky'],
    ['leading separators', '--__Anna', 'Anna'],
    // x has no precomposed accented forms, so NFKC leaves all five marks on it.
    ['a pile of combining marks', 'Anx\u0300\u0301\u0302\u0303\u0304a', 'Anx\u0300\u0301\u0302a'],
    ['an overlong name (cut)', 'a'.repeat(100), 'a'.repeat(DISPLAY_NAME_MAX)],
    ['nothing readable', '\u202E\u200B🎰', null],
    ['null', null, null],
    ['empty', '', null],
  ])('%s: %j → %j', (_label, raw, shown) => {
    expect(sanitiseDisplayName(raw)).toBe(shown);
  });
});
