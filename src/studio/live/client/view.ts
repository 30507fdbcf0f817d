/** What the table (table.ts) gives a game's view and expects of it. Types only. */
import type { LiveResult, RoundView, TableHistory, TableView } from '../protocol.ts';
import type { Bet } from './bets.ts';
import type { Money } from './format.ts';
import type { Strings } from './i18n.ts';

export interface ViewContext {
  t: Strings;
  /** The BCP 47 tag numbers and times are formatted with. */
  tag: string;
  money: Money;
  table: TableView;
  /** The table's chip values. */
  chips: readonly bigint[];
  /** The chip the viewer selected. */
  chip(): bigint;
  /** The viewer put chips on the table (one action: undo takes it back whole). */
  bet(bets: Bet[]): void;
  /** Whether motion is reduced. */
  reduced(): boolean;
}

export interface Banner {
  title: string;
  detail: string;
  /** A colour class: red, black, green, player, banker, tie. */
  tone: string;
}

export interface GameView {
  /** The wheel or the cards. */
  readonly scene: HTMLElement;
  /** Where bets are placed. */
  readonly board: HTMLElement;
  /** The last numbers, or the roads. */
  readonly history: HTMLElement;
  /** Statistics beside the scene. */
  readonly stats: HTMLElement;
  setRound(round: RoundView): void;
  setHistory(history: TableHistory): void;
  /** The viewer's chips: taken by the table, and not sent yet. */
  setChips(placed: readonly Bet[], pending: readonly Bet[]): void;
  /** Whether bets are taken now. */
  setOpen(open: boolean): void;
  /** One animation frame at the server's time `now`. */
  frame(now: number): void;
  /** What the result banner says. */
  banner(result: LiveResult): Banner;
}
