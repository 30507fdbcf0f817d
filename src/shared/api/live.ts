import { z } from 'zod';

/**
 * The live lobby's table states (docs/live-casino.md "Lobby"): what each table is doing, as the
 * aggregator reports it, kept by the server for a moment. Shared with the browser (types only there).
 */
export const LIVE_PHASES = ['betting', 'closed', 'drawing', 'result', 'void'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

export const liveTableState = z.object({
  /** The table's slug in the live lobby (`/games/live-casino/{slug}/play`). */
  slug: z.string(),
  round: z.number().int(),
  phase: z.enum(LIVE_PHASES),
  /**
   * How long the phase still runs, in ms, when the aggregator answered (its own clock), and when
   * that was (`at`, on the server's clock): the page counts down from them on its own clock.
   */
  phase_left_ms: z.number().int().min(0),
  at: z.string(),
  /** Viewers at the table now (players and guests). */
  players: z.number().int().min(0),
  dealer: z.string().nullable(),
  /** The last results, newest first: roulette's pockets ("17"), baccarat's winners ("P", "B", "T"). */
  results: z.array(z.string()),
  /** The smallest and the largest bet per currency, as decimal amounts ("10.00"). */
  limits: z.record(z.string(), z.object({ min: z.string(), max: z.string() })),
});
export type LiveTableState = z.infer<typeof liveTableState>;

/** GET /live/tables: every table of the live lobby the aggregator reports on (none when it is down). */
export const liveTablesResponse = z.object({ data: z.array(liveTableState) });
