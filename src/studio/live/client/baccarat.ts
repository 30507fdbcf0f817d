/**
 * The baccarat table: the bet spots (player, tie, banker and the pairs, with their payouts), the
 * hand dealt face down and turned in tableau order during the drawing phase (P1 B1 P2 B2, then
 * the third cards), the totals, and the shoe's bead plate and big road.
 */
import type {
  BaccaratHistory,
  BaccaratResult,
  LiveResult,
  RoadCell,
  RoundView,
  TableHistory,
} from '../protocol.ts';
import { type BaccaratKind, type Bet, spotStakes } from './bets.ts';
import { chipColor, h, s } from './dom.ts';
import { chipLabel } from './format.ts';
import type { Strings } from './i18n.ts';
import { dealSchedule, handTotal } from './timeline.ts';
import type { Banner, GameView, ViewContext } from './view.ts';

const SUIT = { H: '♥', D: '♦', S: '♠', C: '♣' } as const;

/** The payouts of the spots, as the table pays them (0.95 written the viewer's way: 0,95 in ru). */
export function baccaratPayouts(tag: string): Readonly<Record<BaccaratKind, string>> {
  return {
    player: '1:1',
    banker: `${new Intl.NumberFormat(tag).format(0.95)}:1`,
    tie: '8:1',
    playerPair: '11:1',
    bankerPair: '11:1',
  };
}

export const spotName = (t: Strings, kind: BaccaratKind): string =>
  ({ player: t.player, banker: t.banker, tie: t.tie, playerPair: t.playerPair, bankerPair: t.bankerPair })[
    kind
  ];

/** A card's face: rank and suit, red or black. */
function cardFace(card: string): HTMLElement {
  const suit = card.slice(-1) as keyof typeof SUIT;
  const rank = card.slice(0, -1);
  const red = suit === 'H' || suit === 'D';
  return h(
    'div',
    { className: `face front${red ? ' red' : ''}` },
    h('span', { className: 'corner' }, rank, h('br'), SUIT[suit] ?? suit),
    h('span', { className: 'pip' }, SUIT[suit] ?? suit),
  );
}

interface Slot {
  el: HTMLElement;
  card: string | null;
  dealt: boolean;
  up: boolean;
}

export class BaccaratView implements GameView {
  readonly scene: HTMLElement;
  readonly board: HTMLElement;
  readonly history: HTMLElement;
  readonly stats: HTMLElement;
  readonly #ctx: ViewContext;
  readonly #slots: Record<'player' | 'banker', Slot[]>;
  readonly #totals: Record<'player' | 'banker', HTMLElement>;
  readonly #sides: Record<'player' | 'banker', HTMLElement>;
  readonly #spots = new Map<BaccaratKind, HTMLButtonElement>();
  readonly #hand: HTMLElement;
  readonly #burnt: HTMLElement;
  readonly #bead: SVGSVGElement;
  readonly #big: SVGSVGElement;
  readonly #counts: HTMLElement;
  #round: RoundView | null = null;
  #schedule: ReturnType<typeof dealSchedule> = [];

  constructor(ctx: ViewContext) {
    this.#ctx = ctx;
    const { t } = ctx;
    const side = (name: 'player' | 'banker') => {
      const slots = [0, 1, 2].map((i) => ({
        el: h('div', { className: `slot${i === 2 ? ' third' : ''}` }),
        card: null,
        dealt: false,
        up: false,
      }));
      const total = h('output', { className: 'total', 'aria-live': 'polite' });
      const el = h(
        'div',
        { className: `hand-side ${name}` },
        h('h3', {}, name === 'player' ? t.player : t.banker, total),
        h('div', { className: 'cards' }, ...slots.map((slot) => slot.el)),
      );
      return { slots, total, el };
    };
    const player = side('player');
    const banker = side('banker');
    this.#slots = { player: player.slots, banker: banker.slots };
    this.#totals = { player: player.total, banker: banker.total };
    this.#sides = { player: player.el, banker: banker.el };
    this.#hand = h('span', { className: 'hand' });
    this.#burnt = h('p', { className: 'burnt', hidden: true });
    this.scene = h(
      'div',
      { className: 'scene baccarat-scene', role: 'img', 'aria-label': t.cardsOnTable },
      h('div', { className: 'shoe', 'aria-hidden': 'true' }, h('i'), h('i'), h('i')),
      this.#hand,
      h('div', { className: 'hands' }, player.el, banker.el),
      this.#burnt,
    );

    const payouts = baccaratPayouts(ctx.tag);
    const spot = (kind: BaccaratKind) => {
      const button = h(
        'button',
        {
          type: 'button',
          className: `spot ${kind}`,
          'aria-label': `${spotName(t, kind)} ${payouts[kind]}`,
          on: { click: () => ctx.bet([{ kind, amount: ctx.chip() }]) },
        },
        h('span', { className: 'name' }, spotName(t, kind)),
        h('span', { className: 'pays' }, payouts[kind]),
      );
      this.#spots.set(kind, button);
      return button;
    };
    this.board = h(
      'div',
      { className: 'board baccarat-board' },
      h(
        'div',
        { className: 'spots' },
        spot('playerPair'),
        spot('tie'),
        spot('bankerPair'),
        spot('player'),
        spot('banker'),
      ),
    );

    this.#bead = s('svg', { class: 'road bead', role: 'img', 'aria-label': t.beadPlate });
    this.#big = s('svg', { class: 'road big', role: 'img', 'aria-label': t.bigRoad });
    this.#counts = h('div', { className: 'counts' });
    this.history = h(
      'section',
      { className: 'history roads' },
      h('div', { className: 'road-box bead-box' }, h('h2', {}, t.beadPlate), this.#bead),
      h('div', { className: 'road-box big-box' }, h('h2', {}, t.bigRoad), this.#big),
    );
    this.stats = h('section', { className: 'stats', 'aria-label': t.statistics }, this.#counts);
  }

  setOpen(open: boolean): void {
    this.board.classList.toggle('open', open);
  }

  setRound(round: RoundView): void {
    const previous = this.#round;
    this.#round = round;
    this.board.dataset.phase = round.phase;
    const result = round.result as BaccaratResult | null;
    if (previous?.round !== round.round || !result) {
      this.#clearCards();
      this.#schedule = [];
    }
    if (result && this.#schedule.length === 0) {
      this.#schedule = dealSchedule(
        result.player.length,
        result.banker.length,
        this.#ctx.table.timing.drawing,
      );
      for (const side of ['player', 'banker'] as const)
        result[side].forEach((card, i) => {
          const slot = this.#slots[side][i];
          if (slot) slot.card = card;
        });
    }
    const { t } = this.#ctx;
    if (result) this.#hand.textContent = t.shoeHand.replace('{n}', String(result.shoeHand));
    this.#burnt.hidden = !result || result.burnt.length === 0;
    if (result && result.burnt.length > 0)
      this.#burnt.textContent = t.burnt.replace('{n}', String(result.burnt.length));
    for (const name of ['player', 'banker'] as const)
      this.#sides[name].classList.toggle('won', round.phase === 'result' && result?.winner === name);
    this.scene.classList.toggle('tie-won', round.phase === 'result' && result?.winner === 'tie');
    for (const [kind, el] of this.#spots)
      el.classList.toggle('win', round.phase === 'result' && !!result && wins(kind, result));
  }

  #clearCards(): void {
    for (const side of ['player', 'banker'] as const)
      for (const slot of this.#slots[side]) {
        slot.card = null;
        slot.dealt = false;
        slot.up = false;
        slot.el.replaceChildren();
      }
    this.#totals.player.textContent = '';
    this.#totals.banker.textContent = '';
  }

  frame(now: number): void {
    const round = this.#round;
    if (!round || this.#schedule.length === 0) return;
    const timing = this.#ctx.table.timing;
    const drawEnd = round.phase === 'drawing' ? round.phaseEndsAt : round.phaseEndsAt - timing.result;
    const elapsed =
      this.#ctx.reduced() || round.phase !== 'drawing'
        ? Number.POSITIVE_INFINITY
        : now - (drawEnd - timing.drawing);
    let changed = false;
    for (const step of this.#schedule) {
      const slot = this.#slots[step.side][step.index];
      if (!slot?.card) continue;
      if (!slot.dealt && elapsed >= step.dealAt) {
        slot.dealt = true;
        const card = h(
          'div',
          { className: 'card' },
          h('div', { className: 'flip' }, cardFace(slot.card), h('div', { className: 'face back' })),
        );
        slot.el.replaceChildren(card);
        changed = true;
      }
      if (slot.dealt && !slot.up && elapsed >= step.turnAt) {
        slot.up = true;
        slot.el.firstElementChild?.classList.add('up');
        slot.el.setAttribute('aria-label', slot.card);
        changed = true;
      }
    }
    if (changed) {
      for (const side of ['player', 'banker'] as const) {
        const up = this.#slots[side].filter((slot) => slot.up && slot.card).map((slot) => slot.card!);
        this.#totals[side].textContent = up.length > 0 ? String(handTotal(up)) : '';
      }
    }
  }

  setChips(placed: readonly Bet[], pending: readonly Bet[]): void {
    const solid = spotStakes(placed);
    const waiting = spotStakes(pending);
    for (const [kind, el] of this.#spots) {
      el.querySelector('.stack')?.remove();
      const amount = (solid.get(kind)?.amount ?? 0n) + (waiting.get(kind)?.amount ?? 0n);
      if (amount === 0n) continue;
      el.append(
        h(
          'span',
          {
            className: `stack${waiting.has(kind) ? ' pending' : ''}`,
            style: `--chip:${chipColor(amount, this.#ctx.chips)}`,
          },
          chipLabel(amount),
        ),
      );
    }
  }

  setHistory(history: TableHistory): void {
    if (history.game !== 'live-baccarat') return;
    this.#renderBead(history);
    this.#renderBig(history);
    const { t, tag } = this.#ctx;
    const total = history.counts.player + history.counts.banker + history.counts.tie;
    const part = (n: number) =>
      total === 0
        ? ''
        : ` · ${new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(n / total)}`;
    this.#counts.replaceChildren(
      h('h2', {}, t.shoe),
      h('p', { className: 'shoe-hand' }, t.handsDealt.replace('{n}', String(history.shoeHand))),
      h(
        'p',
        { className: 'count player' },
        h('b', {}, t.markP),
        `${t.player}: ${history.counts.player}${part(history.counts.player)}`,
      ),
      h(
        'p',
        { className: 'count banker' },
        h('b', {}, t.markB),
        `${t.banker}: ${history.counts.banker}${part(history.counts.banker)}`,
      ),
      h(
        'p',
        { className: 'count tie' },
        h('b', {}, t.markT),
        `${t.tie}: ${history.counts.tie}${part(history.counts.tie)}`,
      ),
    );
  }

  /** Pair dots: the banker's red at the top left, the player's blue at the bottom right. */
  #pairs(cell: RoadCell, x: number, y: number, size: number): SVGElement[] {
    const dots: SVGElement[] = [];
    if (cell.bankerPair)
      dots.push(s('circle', { class: 'dot banker', cx: x + size * 0.2, cy: y + size * 0.2, r: size * 0.11 }));
    if (cell.playerPair)
      dots.push(s('circle', { class: 'dot player', cx: x + size * 0.8, cy: y + size * 0.8, r: size * 0.11 }));
    return dots;
  }

  #grid(columns: number, size: number): SVGElement[] {
    const lines: SVGElement[] = [];
    for (let c = 0; c <= columns; c += 1)
      lines.push(s('line', { x1: c * size, y1: 0, x2: c * size, y2: 6 * size }));
    for (let r = 0; r <= 6; r += 1)
      lines.push(s('line', { x1: 0, y1: r * size, x2: columns * size, y2: r * size }));
    return [s('g', { class: 'lines' }, ...lines)];
  }

  #renderBead(history: BaccaratHistory): void {
    const { t } = this.#ctx;
    const size = 20;
    const visible = 12;
    const from = Math.max(0, history.beadPlate.length - visible);
    const marks = { P: t.markP, B: t.markB, T: t.markT };
    const tone = { P: 'player', B: 'banker', T: 'tie' };
    const cells: SVGElement[] = [];
    history.beadPlate.slice(from).forEach((column, c) => {
      column.forEach((cell, r) => {
        const x = c * size;
        const y = r * size;
        cells.push(
          s('circle', {
            class: `bead ${tone[cell.mark]}`,
            cx: x + size / 2,
            cy: y + size / 2,
            r: size * 0.42,
          }),
          s(
            'text',
            { x: x + size / 2, y: y + size / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central' },
            marks[cell.mark],
          ),
          ...this.#pairs(cell, x, y, size),
        );
      });
    });
    this.#bead.setAttribute('viewBox', `0 0 ${visible * size} ${6 * size}`);
    this.#bead.replaceChildren(...this.#grid(visible, size), ...cells);
  }

  #renderBig(history: BaccaratHistory): void {
    const size = 14;
    const visible = 30;
    const width = history.bigRoad.reduce((max, cell) => Math.max(max, cell.column + 1), 0);
    const from = Math.max(0, width - visible);
    const cells: SVGElement[] = [];
    for (const { column, row, cell } of history.bigRoad) {
      if (column < from) continue;
      const x = (column - from) * size;
      const y = row * size;
      const tone = cell.mark === 'P' ? 'player' : cell.mark === 'B' ? 'banker' : 'tie';
      cells.push(s('circle', { class: `ring ${tone}`, cx: x + size / 2, cy: y + size / 2, r: size * 0.36 }));
      const ties = cell.ties ?? (cell.mark === 'T' ? 1 : 0);
      if (ties > 0) {
        cells.push(
          s('line', {
            class: 'tie-slash',
            x1: x + size * 0.2,
            y1: y + size * 0.8,
            x2: x + size * 0.8,
            y2: y + size * 0.2,
          }),
        );
        if (ties > 1)
          cells.push(
            s(
              'text',
              {
                class: 'ties',
                x: x + size / 2,
                y: y + size / 2,
                'text-anchor': 'middle',
                'dominant-baseline': 'central',
              },
              String(ties),
            ),
          );
      }
      cells.push(...this.#pairs(cell, x, y, size));
    }
    this.#big.setAttribute('viewBox', `0 0 ${visible * size} ${6 * size}`);
    this.#big.replaceChildren(...this.#grid(visible, size), ...cells);
  }

  banner(result: LiveResult): Banner {
    const { t } = this.#ctx;
    const hand = result as BaccaratResult;
    const title =
      hand.winner === 'player' ? t.playerWins : hand.winner === 'banker' ? t.bankerWins : t.tieResult;
    const detail = [`${t.player} ${hand.playerTotal} : ${hand.bankerTotal} ${t.banker}`];
    if (hand.natural) detail.push(t.natural);
    if (hand.playerPair) detail.push(t.playerPair);
    if (hand.bankerPair) detail.push(t.bankerPair);
    return { title, detail: detail.join(' · '), tone: hand.winner };
  }
}

/** Whether a spot wins on a hand (a player or banker bet is returned on a tie: not a win). */
export function wins(kind: BaccaratKind, hand: BaccaratResult): boolean {
  switch (kind) {
    case 'player':
    case 'banker':
    case 'tie':
      return hand.winner === kind;
    case 'playerPair':
      return hand.playerPair;
    case 'bankerPair':
      return hand.bankerPair;
  }
}
