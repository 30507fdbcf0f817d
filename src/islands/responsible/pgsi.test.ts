import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { answerPoints, PGSI_ANSWERS, PGSI_MAX, PGSI_QUESTIONS, pgsiBand, scorePgsi } from './pgsi.ts';

describe('the PGSI self-test', () => {
  test('has the index’s nine questions and four answers, 0 to 27 points', () => {
    expect(PGSI_QUESTIONS).toHaveLength(9);
    expect(new Set(PGSI_QUESTIONS).size).toBe(9);
    expect(PGSI_ANSWERS).toEqual(['never', 'sometimes', 'most', 'always']);
    expect(PGSI_MAX).toBe(27);
  });

  test.each([
    [0, 'none'],
    [1, 'low'],
    [2, 'low'],
    [3, 'moderate'],
    [7, 'moderate'],
    [8, 'problem'],
    [27, 'problem'],
  ] as const)('a score of %i is %s', (score, band) => {
    expect(pgsiBand(score)).toBe(band);
  });

  test('sums the answers: Never 0, Sometimes 1, Most of the time 2, Almost always 3', () => {
    expect(scorePgsi(Array(9).fill('0'))).toEqual({ kind: 'result', score: 0, band: 'none' });
    expect(scorePgsi(['1', '0', '0', '0', '0', '0', '0', '0', '1'])).toEqual({
      kind: 'result',
      score: 2,
      band: 'low',
    });
    expect(scorePgsi([2, 1, 0, 0, 0, 0, 0, 0, 0])).toEqual({ kind: 'result', score: 3, band: 'moderate' });
    expect(scorePgsi(['3', '2', '1', '1', '0', '0', '0', '0', '0'])).toEqual({
      kind: 'result',
      score: 7,
      band: 'moderate',
    });
    expect(scorePgsi(['2', '2', '2', '2', '0', '0', '0', '0', '0'])).toEqual({
      kind: 'result',
      score: 8,
      band: 'problem',
    });
    expect(scorePgsi(Array(9).fill(3))).toEqual({ kind: 'result', score: 27, band: 'problem' });
  });

  test('every question must be answered with one of the four answers', () => {
    expect(scorePgsi([])).toEqual({ kind: 'incomplete', missing: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
    expect(scorePgsi(['0', '1', null, '2', '3', '4', '-1', '1.5', undefined])).toEqual({
      kind: 'incomplete',
      missing: [2, 5, 6, 7, 8],
    });
    for (const bad of ['', ' 1', '01', 'x', 4, -1, 1.5, Number.NaN, {}, null])
      expect(answerPoints(bad)).toBeNull();
  });

  test('any complete set of answers scores their sum, in the band of that sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 9 }), (answers) => {
        const outcome = scorePgsi(answers.map(String));
        const sum = answers.reduce((a, b) => a + b, 0);
        expect(outcome).toEqual({ kind: 'result', score: sum, band: pgsiBand(sum) });
        const band = sum === 0 ? 'none' : sum <= 2 ? 'low' : sum <= 7 ? 'moderate' : 'problem';
        expect(pgsiBand(sum)).toBe(band);
      }),
    );
  });
});
