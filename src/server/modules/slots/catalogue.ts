import {
  type GameListEntry,
  gameList,
  gameListEntry,
  gameUrlAnswer,
  liveTableEntry,
} from '../../../shared/api/aggregator-routes.ts';
import type { LiveTableState } from '../../../shared/api/live.ts';
import type { SlotGame, SlotPlatform } from '../../../shared/api/slots.ts';
import type { Locale } from '../../../shared/locales.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { edgeBpsOfRtp } from '../bonus/rules.ts';
import { artPath } from './art.ts';
import type { AggregatorLink } from './link.ts';
import { SIGNATURE_HEADER, sign, verify } from './signature.ts';
import { minorOf } from './units.ts';

/** How long the live tables' states are kept before the aggregator is asked again. */
const LIVE_TABLES_FRESH_MS = 2_000;

/**
 * The aggregator's Games API (docs/slots.md "Games API"): calls signed with the casino's key,
 * answers checked with the aggregator's; the catalogue kept in `slot_games`, refreshed on a
 * schedule and kept as it was when the aggregator is down.
 */

/** The Games API failed (down, refused, unsigned): the lobby answers 503 `unavailable`. */
export class AggregatorUnavailable extends Error {
  override name = 'AggregatorUnavailable';
}

/** The aggregator's category of live dealer games, lower-cased as the lobby keeps it. */
export const LIVE_CATEGORY = 'live';

/** Our studio's game codes carry this prefix (`orbita_star_quest` → `star-quest`). */
const STUDIO_PREFIX = 'orbita_';

/**
 * The lobby's slug of a game code: ours without the prefix, `_` → `-`; another studio's lower-cased,
 * with anything a slug cannot hold (`_` included: slugs are [a-z0-9-]) as `-`.
 */
export function slugOf(gameCode: string): string {
  const lower = gameCode.toLowerCase();
  const slug = lower.startsWith(STUDIO_PREFIX)
    ? lower.slice(STUDIO_PREFIX.length).replaceAll('_', '-')
    : lower;
  return slug.replace(/[^a-z0-9-]/g, '-').slice(0, 64);
}

/** The aggregator's language of a page locale. */
export const LANG_OF: Record<Locale, string> = { ru: 'ru', en: 'en', kz: 'kk', br: 'pt-BR', hi: 'hi' };

const PLATFORM_OF: Record<SlotPlatform, 'GPL_DESKTOP' | 'GPL_MOBILE'> = {
  desktop: 'GPL_DESKTOP',
  mobile: 'GPL_MOBILE',
};

/** A list entry as the lobby shows it. */
export function gameOf(entry: GameListEntry): SlotGame {
  const platforms: SlotPlatform[] = [];
  if (entry.platforms.includes('GPL_DESKTOP')) platforms.push('desktop');
  if (entry.platforms.includes('GPL_MOBILE')) platforms.push('mobile');
  return {
    slug: slugOf(entry.game_code),
    game_code: entry.game_code,
    name: entry.name,
    provider: entry.product,
    category: entry.category.toLowerCase(),
    rtp: entry.rtp === null || entry.rtp === undefined ? null : String(entry.rtp),
    thumb: artPath(slugOf(entry.game_code), entry.url_thumb ?? ''),
    demo: entry.demo_game_support,
    platforms,
  };
}

export class GamesClient {
  readonly #link: AggregatorLink;
  readonly #database: Database;
  readonly #clock: Clock;

  constructor(link: AggregatorLink, database: Database, clock: Clock) {
    this.#link = link;
    this.#database = database;
    this.#clock = clock;
  }

  /** One signed call; the answer's JSON once its signature holds, else `AggregatorUnavailable`. */
  async #call(path: string, body: object): Promise<unknown> {
    const url = this.#link.url;
    const key = this.#link.aggregatorKey;
    if (!url || !key) throw new AggregatorUnavailable('no aggregator');
    const text = JSON.stringify(body);
    let res: Response;
    try {
      res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(text, this.#link.operatorKey),
        },
        body: text,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new AggregatorUnavailable(`${path}: ${(err as Error).message}`);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new AggregatorUnavailable(`${path}: HTTP ${res.status}`);
    if (!verify(bytes, res.headers.get(SIGNATURE_HEADER), key))
      throw new AggregatorUnavailable(`${path}: the answer's signature does not hold`);
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new AggregatorUnavailable(`${path}: not JSON`);
    }
  }

  /** Reads the list again and replaces the kept one; throws (keeping it) when that fails. */
  async refresh(): Promise<number> {
    const listed = gameList.safeParse(
      await this.#call('/operator/generic/v2/game/list', { operator_id: this.#link.operatorId }),
    );
    if (!listed.success) throw new AggregatorUnavailable('game/list: not a list');
    const entries = listed.data.flatMap((raw) => {
      const entry = gameListEntry.safeParse(raw);
      return entry.success && entry.data.enabled ? [entry.data] : [];
    });
    const seen = new Set<string>();
    const unique = entries.filter((e) => {
      const slug = slugOf(e.game_code);
      if (seen.has(slug)) return false;
      seen.add(slug);
      return true;
    });
    const now = new Date(this.#clock.now());
    await this.#database.transaction(async (tx) => {
      await tx.query('delete from slot_games');
      if (unique.length === 0) return;
      await tx.query(
        `insert into slot_games (game_code, slug, position, entry, refreshed_at)
         select * from unnest($1::text[], $2::text[], $3::int[], $4::jsonb[], $5::timestamptz[])`,
        [
          unique.map((e) => e.game_code),
          unique.map((e) => slugOf(e.game_code)),
          unique.map((_, i) => i),
          unique.map((e) => JSON.stringify(e)),
          unique.map(() => now),
        ],
      );
    });
    this.#facts = null;
    return unique.length;
  }

  /** Each kept game's house edge and product, read once per catalogue (wallet calls ask per win). */
  #facts: Promise<Map<string, { edgeBps: bigint; product: 'slots' | 'live' }>> | null = null;

  #factsOf(gameCode: string) {
    this.#facts ??= this.games().then(
      ({ games }) =>
        new Map(
          games.map((g) => [
            g.game_code,
            {
              edgeBps: edgeBpsOfRtp(g.rtp),
              product: g.category === LIVE_CATEGORY ? ('live' as const) : ('slots' as const),
            },
          ]),
        ),
      (error: unknown) => {
        this.#facts = null;
        throw error;
      },
    );
    return this.#facts.then((facts) => facts.get(gameCode));
  }

  /**
   * The house edge of a game in basis points, from the RTP the catalogue states (0 when it states
   * none, or the game is not listed): what a settled stake adds to the rakeback's edge.
   */
  async edgeBps(gameCode: string): Promise<bigint> {
    return (await this.#factsOf(gameCode))?.edgeBps ?? 0n;
  }

  /** The product a game's stakes count under: `live` for the live tables, else `slots`. */
  async productOf(gameCode: string): Promise<'slots' | 'live'> {
    return (await this.#factsOf(gameCode))?.product ?? 'slots';
  }

  /** The kept catalogue, in the aggregator's order, and when it was read. */
  async games(): Promise<{ games: SlotGame[]; updatedAt: Date | null }> {
    const rows = await this.#database.query<{ entry: GameListEntry; refreshed_at: Date }>(
      'select entry, refreshed_at from slot_games order by position',
    );
    const games = rows.flatMap((r) => {
      const entry = gameListEntry.safeParse(typeof r.entry === 'string' ? JSON.parse(r.entry) : r.entry);
      return entry.success ? [gameOf(entry.data)] : [];
    });
    return { games, updatedAt: rows[0] ? new Date(rows[0].refreshed_at) : null };
  }

  /** A kept game's code, name and art address as the aggregator listed it, or null. */
  async artSource(slug: string): Promise<{ gameCode: string; name: string; source: string } | null> {
    const [row] = await this.#database.query<{ entry: GameListEntry }>(
      'select entry from slot_games where slug = $1',
      [slug],
    );
    if (!row) return null;
    const entry = gameListEntry.safeParse(typeof row.entry === 'string' ? JSON.parse(row.entry) : row.entry);
    if (!entry.success) return null;
    return { gameCode: entry.data.game_code, name: entry.data.name, source: entry.data.url_thumb ?? '' };
  }

  /**
   * One lobby's part of the kept catalogue: the live tables (category `live`, the live casino's
   * lobby) or everything else (the slots lobby).
   */
  async lobby(kind: 'slots' | 'live'): Promise<{ games: SlotGame[]; updatedAt: Date | null }> {
    const { games, updatedAt } = await this.games();
    return { games: games.filter((g) => (g.category === LIVE_CATEGORY) === (kind === 'live')), updatedAt };
  }

  /** A game of one lobby by its slug, or null. */
  async gameBySlug(slug: string, kind: 'slots' | 'live' = 'slots'): Promise<SlotGame | null> {
    return (await this.lobby(kind)).games.find((g) => g.slug === slug) ?? null;
  }

  #liveTables: { at: number; answer: Promise<LiveTableState[]> } | null = null;

  /**
   * The live lobby's tables as the aggregator reports them (our extension of the Games API), kept
   * for two seconds: however many players watch the lobby, the aggregator is asked at most once
   * per two seconds. Tables the live lobby does not list are left out; when the aggregator fails,
   * the answer is no tables (the lobby still shows the catalogue).
   */
  async liveTables(): Promise<LiveTableState[]> {
    const now = this.#clock.now();
    const kept = this.#liveTables;
    if (kept && now - kept.at < LIVE_TABLES_FRESH_MS) return kept.answer;
    const answer = this.#readLiveTables(now);
    this.#liveTables = { at: now, answer };
    return answer;
  }

  async #readLiveTables(now: number): Promise<LiveTableState[]> {
    let raw: unknown;
    try {
      raw = await this.#call('/operator/generic/v2/live/tables', { operator_id: this.#link.operatorId });
    } catch {
      return [];
    }
    if (!Array.isArray(raw)) return [];
    const listed = new Map((await this.lobby('live')).games.map((g) => [g.game_code, g.slug]));
    const at = new Date(now).toISOString();
    return raw.flatMap((item) => {
      const entry = liveTableEntry.safeParse(item);
      const slug = entry.success ? listed.get(entry.data.game_code) : undefined;
      if (!entry.success || !slug) return [];
      const e = entry.data;
      const limits = Object.entries(e.limits).flatMap(([currency, { min, max }]) => {
        const [low, high] = [minorOf(min), minorOf(max)];
        return low === null || high === null
          ? []
          : [[currency, { min: fromMinor(low), max: fromMinor(high) }] as const];
      });
      return [
        {
          slug,
          round: e.round,
          phase: e.phase,
          phase_left_ms: Math.max(0, e.phase_ends_at - e.server_time),
          at,
          players: e.players,
          dealer: e.dealer ?? null,
          results: e.results.slice(0, 12),
          limits: Object.fromEntries(limits),
        },
      ];
    });
  }

  /** The game's URL from game/url: real money (a player's session) or demo (`XXX`, no user). */
  async gameUrl(input: {
    game: SlotGame;
    platform: SlotPlatform;
    locale: Locale;
    lobbyUrl: string;
    ip: string;
    country: string | null;
    session: { user: string; token: string; currency: string } | null;
    /** A live table's seat name (our extension of game/url); null: the studio masks it. */
    nickname?: string | null;
  }): Promise<string> {
    const body = {
      ...(input.session ? { user: input.session.user, token: input.session.token } : {}),
      platform: PLATFORM_OF[input.platform],
      operator_id: this.#link.operatorId,
      lobby_url: input.lobbyUrl,
      lang: LANG_OF[input.locale],
      ip: input.ip,
      game_code: input.game.game_code,
      currency: input.session?.currency ?? 'XXX',
      country: input.country ?? '',
      ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
    };
    const answer = gameUrlAnswer.safeParse(await this.#call('/operator/generic/v2/game/url', body));
    if (!answer.success) throw new AggregatorUnavailable('game/url: no url');
    return answer.data.url;
  }
}
