/**
 * The boot data of a game page (page.ts writes it as inert JSON; the client, client/game.ts, reads
 * it before its first request). Types only: shared by the server side and the browser bundle.
 */

/** What the client needs before its first request. */
export interface BootData {
  session: string;
  game: string;
  name: string;
  mode: 'real' | 'demo';
  lang: string;
  reels: number;
  rows: number;
  lines: number;
  category: string;
  rtp: string;
  hitFrequency: string;
  volatility: string;
  maxWin: number;
  symbols: readonly string[];
  lobbyUrl: string | null;
}
