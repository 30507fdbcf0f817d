/**
 * The Problem Gambling Severity Index (PGSI, Ferris & Wynne 2001), the self-test of the
 * /responsible-gambling page: nine questions about the last 12 months, each answered Never (0),
 * Sometimes (1), Most of the time (2) or Almost always (3). The sum (0–27) falls in one of four
 * bands: 0 no problem, 1–2 low risk, 3–7 moderate risk, 8 or more problem gambling. Pure code, run
 * in the browser only: the answers never leave it.
 */

/** The questions' catalog keys (`responsiblePage.test.questions.<key>`), in the index's order. */
export const PGSI_QUESTIONS = [
  'afford',
  'larger',
  'chase',
  'borrow',
  'problem',
  'health',
  'criticised',
  'money',
  'guilty',
] as const;

/** The answers' catalog keys (`responsiblePage.test.answers.<key>`), each worth its index in points. */
export const PGSI_ANSWERS = ['never', 'sometimes', 'most', 'always'] as const;

export type PgsiBand = 'none' | 'low' | 'moderate' | 'problem';

/** The bands, lowest first, each with the lowest score in it. */
export const PGSI_BANDS: readonly { band: PgsiBand; from: number }[] = [
  { band: 'none', from: 0 },
  { band: 'low', from: 1 },
  { band: 'moderate', from: 3 },
  { band: 'problem', from: 8 },
];

/** The highest score: every question answered "Almost always". */
export const PGSI_MAX = PGSI_QUESTIONS.length * (PGSI_ANSWERS.length - 1);

/** The points of one answer (0–3), or null when it is missing or not an answer of the index. */
export function answerPoints(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[0-3]$/.test(text) ? Number(text) : null;
}

/** The band of a score (0–27). */
export function pgsiBand(score: number): PgsiBand {
  let found: PgsiBand = 'none';
  for (const { band, from } of PGSI_BANDS) if (score >= from) found = band;
  return found;
}

export type PgsiOutcome =
  | { kind: 'result'; score: number; band: PgsiBand }
  /** `missing`: the indexes (0–8) of the questions without a valid answer. */
  | { kind: 'incomplete'; missing: number[] };

/** Scores nine answers (points 0–3, as numbers or the form's strings); every one must be given. */
export function scorePgsi(answers: readonly unknown[]): PgsiOutcome {
  const points = PGSI_QUESTIONS.map((_, index) => answerPoints(answers[index]));
  const missing = points.flatMap((value, index) => (value === null ? [index] : []));
  if (missing.length > 0) return { kind: 'incomplete', missing };
  const score = points.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return { kind: 'result', score, band: pgsiBand(score) };
}
