/**
 * The roulette table: the wheel, the betting layout (the zero, the 36 numbers with every inside bet
 * placed by clicking a number, a line or a crossing of lines, the columns, dozens and even-money
 * spots; upright on a phone), the racetrack (neighbours and the French call bets), the last
 * numbers and their statistics.
 */
import type { LiveResult, RouletteHistory, RouletteResult, RoundView, TableHistory } from '../protocol.ts';
import { type Bet, neighboursBet, spotStakes } from './bets.ts';
import { chipColor, h, phoneLayout, s } from './dom.ts';
import { chipLabel, share } from './format.ts';
import type { Strings } from './i18n.ts';
import {
  CALL_SPOTS,
  type CallBetKind,
  colorOf,
  gridBetAt,
  type InsideSpot,
  insideKey,
  MAX_NEIGHBOURS,
  neighboursOf,
  numberAt,
  type OutsideSpot,
  outsideKey,
  outsideNumbers,
  racetrack,
  sectorNumbers,
  spotAnchor,
} from './layout.ts';
import type { Banner, GameView, ViewContext } from './view.ts';
import { Wheel } from './wheel.ts';

const pct = (value: number) => `${(value * 100).toFixed(3)}%`;

/** The anchor of a grid point as CSS percentages, for the wide layout and the upright one. */
function anchorStyle(u: number, v: number): string {
  return `--dx:${pct((u + 1) / 13)};--dy:${pct((3 - v) / 3)};--px:${pct(v / 3)};--py:${pct((u + 1) / 13)}`;
}

const sectorName = (t: Strings, kind: CallBetKind) =>
  ({ tiers: t.tiers, orphelins: t.orphelins, voisins: t.voisins, 'jeu-zero': t.jeuZero })[kind];

export function outsideLabel(t: Strings, spot: OutsideSpot): string {
  switch (spot.kind) {
    case 'dozen':
      return [t.dozen1, t.dozen2, t.dozen3][spot.index - 1]!;
    case 'column':
      return t.column;
    case 'low':
      return '1-18';
    case 'high':
      return '19-36';
    default:
      return t[spot.kind];
  }
}

export class RouletteView implements GameView {
  readonly scene: HTMLElement;
  readonly board: HTMLElement;
  readonly history: HTMLElement;
  readonly stats: HTMLElement;
  readonly #ctx: ViewContext;
  readonly #wheel: Wheel;
  readonly #nums: HTMLDivElement;
  readonly #overlay: HTMLDivElement;
  readonly #numberCells = new Map<number, HTMLElement>();
  readonly #outside = new Map<string, { el: HTMLButtonElement; numbers: number[] }>();
  readonly #trackCells = new Map<number, SVGGElement>();
  readonly #trackChips = {
    wide: s('g', { class: 'track-chips' }),
    upright: s('g', { class: 'track-chips' }),
  };
  readonly #trackBox: HTMLDivElement;
  readonly #strip: HTMLOListElement;
  #round: RoundView | null = null;
  #lastPocket: number | null = null;
  #neighbours = 2;
  #hoverKey = '';
  #rect: DOMRect | null = null;
  #tracks: { wide: SVGSVGElement; upright: SVGSVGElement } | null = null;

  constructor(ctx: ViewContext) {
    this.#ctx = ctx;
    const { t } = ctx;
    this.#wheel = new Wheel(t.wheel);
    this.scene = h('div', { className: 'scene roulette-scene' }, this.#wheel.element);

    // The numbers: the zero and 36 cells, a chip overlay, one pointer handler for every inside bet.
    this.#nums = h('div', { className: 'nums', role: 'group', 'aria-label': t.insideBets });
    const zero = h(
      'button',
      { type: 'button', className: 'num green zero', 'aria-label': '0' },
      h('span', {}, '0'),
    );
    this.#nums.append(zero);
    this.#numberCells.set(0, zero);
    for (let street = 0; street < 12; street += 1) {
      for (let place = 0; place < 3; place += 1) {
        const n = numberAt(street, place);
        const cell = h(
          'button',
          {
            type: 'button',
            className: `num ${colorOf(n)}`,
            style: `--dc:${street + 2};--dr:${3 - place};--pc:${place + 1};--pr:${street + 2}`,
            'aria-label': String(n),
          },
          h('span', {}, String(n)),
        );
        this.#nums.append(cell);
        this.#numberCells.set(n, cell);
      }
    }
    this.#overlay = h('div', { className: 'overlay', 'aria-hidden': 'true' });
    this.#nums.append(this.#overlay);
    this.#nums.addEventListener('click', (event) => {
      // A click from the keyboard has no point: the keydown handler below places it.
      if (event.detail === 0) return;
      const spot = this.#spotAt(event);
      if (spot) this.#placeInside(spot);
    });
    this.#nums.addEventListener('pointermove', (event) => {
      if (event.pointerType !== 'mouse') return;
      const spot = this.#spotAt(event);
      this.#hover(spot ? insideKey(spot) : '', spot?.numbers ?? []);
    });
    this.#nums.addEventListener('pointerleave', () => {
      this.#rect = null;
      this.#hover('', []);
    });
    addEventListener('resize', () => {
      this.#rect = null;
    });
    addEventListener('scroll', () => (this.#rect = null), { capture: true, passive: true });
    // Keyboard: each number cell is a straight bet.
    this.#nums.addEventListener('keydown', (event) => {
      const target = event.target as HTMLElement;
      if ((event.key === 'Enter' || event.key === ' ') && target.classList.contains('num')) {
        event.preventDefault();
        this.#placeInside({ kind: 'straight', numbers: [Number(target.getAttribute('aria-label'))] });
      }
    });

    const outside = (spot: OutsideSpot, area: string, extra = '') => {
      const label = outsideLabel(t, spot);
      const colour =
        spot.kind === 'red' || spot.kind === 'black' ? h('i', { className: `diamond ${spot.kind}` }) : null;
      const button = h(
        'button',
        {
          type: 'button',
          className: `out ${spot.kind} ${extra}`.trim(),
          style: `grid-area:${area}`,
          'aria-label': label,
          on: {
            click: () => this.#place({ ...spot, amount: this.#ctx.chip() } as Bet),
            pointerenter: () => this.#hover(outsideKey(spot), outsideNumbers(spot)),
            pointerleave: () => this.#hover('', []),
          },
        },
        colour ?? h('span', { className: 'label' }, label),
      );
      this.#outside.set(outsideKey(spot), { el: button, numbers: outsideNumbers(spot) });
      return button;
    };
    const grid = h(
      'div',
      { className: 'grid' },
      this.#nums,
      outside({ kind: 'column', index: 3 }, 'c3', 'col'),
      outside({ kind: 'column', index: 2 }, 'c2', 'col'),
      outside({ kind: 'column', index: 1 }, 'c1', 'col'),
      outside({ kind: 'dozen', index: 1 }, 'd1'),
      outside({ kind: 'dozen', index: 2 }, 'd2'),
      outside({ kind: 'dozen', index: 3 }, 'd3'),
      outside({ kind: 'low' }, 'e1'),
      outside({ kind: 'even' }, 'e2'),
      outside({ kind: 'red' }, 'e3'),
      outside({ kind: 'black' }, 'e4'),
      outside({ kind: 'odd' }, 'e5'),
      outside({ kind: 'high' }, 'e6'),
    );

    // The racetrack, drawn twice (wide and upright); CSS shows the one that fits.
    this.#trackBox = h('div', { className: 'track-box' });
    this.#buildTracks();
    const count = h('output', { className: 'nb-count', 'aria-live': 'polite' }, String(this.#neighbours));
    const step = (delta: number) => {
      this.#neighbours = Math.min(MAX_NEIGHBOURS, Math.max(0, this.#neighbours + delta));
      count.textContent = String(this.#neighbours);
      less.disabled = this.#neighbours === 0;
      more.disabled = this.#neighbours === MAX_NEIGHBOURS;
    };
    const less = h(
      'button',
      {
        type: 'button',
        className: 'round-btn',
        'aria-label': `${t.neighbours} −`,
        on: { click: () => step(-1) },
      },
      '−',
    );
    const more = h(
      'button',
      {
        type: 'button',
        className: 'round-btn',
        'aria-label': `${t.neighbours} +`,
        on: { click: () => step(1) },
      },
      '+',
    );
    const stepper = h(
      'div',
      { className: 'nb' },
      h('span', {}, t.neighbours),
      less,
      count,
      more,
      h('small', {}, t.neighboursHint),
    );

    const tabs = h('div', { className: 'tabs', role: 'tablist' });
    const board = h(
      'div',
      { className: 'board roulette-board', 'data-tab': 'table' },
      tabs,
      grid,
      h('div', { className: 'track-wrap' }, this.#trackBox, stepper),
    );
    for (const [name, label] of [
      ['table', t.tableTab],
      ['track', t.racetrack],
    ] as const) {
      tabs.append(
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            'aria-selected': String(name === 'table'),
            on: {
              click: (event: Event) => {
                board.dataset.tab = name;
                for (const tab of tabs.children)
                  tab.setAttribute('aria-selected', String(tab === event.currentTarget));
              },
            },
          },
          label,
        ),
      );
    }
    this.board = board;

    this.#strip = h('ol', { className: 'strip', 'aria-label': t.lastNumbers });
    this.history = h(
      'section',
      { className: 'history' },
      h('h2', { className: 'visually-hidden' }, t.lastNumbers),
      this.#strip,
    );
    this.stats = h('section', { className: 'stats', 'aria-label': t.statistics });
  }

  #buildTracks(): void {
    const { t } = this.#ctx;
    const make = (upright: boolean) => {
      const radius = upright ? 130 : 40;
      const width = upright ? 40 : 28;
      const geometry = racetrack({
        straight: (37 * width - 2 * Math.PI * radius) / 2,
        radius,
        width,
        upright,
      });
      const svg = s('svg', {
        viewBox: `0 0 ${geometry.width.toFixed(1)} ${geometry.height.toFixed(1)}`,
        class: `track ${upright ? 'upright' : 'wide'}`,
        role: 'group',
        'aria-label': t.racetrack,
      });
      for (const sector of geometry.sectors) {
        const name = sectorName(t, sector.kind);
        const g = s(
          'g',
          { class: `sector ${sector.kind}`, tabindex: 0, role: 'button', 'aria-label': name },
          s('path', { d: sector.d }),
          s(
            'text',
            {
              x: sector.center.x.toFixed(1),
              y: sector.center.y.toFixed(1),
              'text-anchor': 'middle',
              'dominant-baseline': 'central',
            },
            name,
          ),
        );
        const place = () => this.#place({ kind: sector.kind, chip: this.#ctx.chip() });
        g.addEventListener('click', place);
        g.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            place();
          }
        });
        g.addEventListener('pointerenter', () =>
          this.#hover(`sector ${sector.kind}`, sectorNumbers(sector.kind), CALL_SPOTS[sector.kind]),
        );
        g.addEventListener('pointerleave', () => this.#hover('', []));
        svg.append(g);
      }
      for (const cell of geometry.cells) {
        const g = s(
          'g',
          {
            class: `tcell ${colorOf(cell.number)}`,
            tabindex: 0,
            role: 'button',
            'aria-label': String(cell.number),
          },
          s('path', { d: cell.d }),
          s(
            'text',
            {
              x: cell.center.x.toFixed(1),
              y: cell.center.y.toFixed(1),
              'text-anchor': 'middle',
              'dominant-baseline': 'central',
            },
            String(cell.number),
          ),
        );
        const place = () => this.#place(neighboursBet(cell.number, this.#neighbours, this.#ctx.chip()));
        g.addEventListener('click', place);
        g.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            place();
          }
        });
        g.addEventListener('pointerenter', () =>
          this.#hover(`nb ${cell.number}`, neighboursOf(cell.number, this.#neighbours)),
        );
        g.addEventListener('pointerleave', () => this.#hover('', []));
        svg.append(g);
        if (!upright) this.#trackCells.set(cell.number, g);
      }
      return { svg, geometry };
    };
    const wide = make(false);
    const upright = make(true);
    wide.svg.append(this.#trackChips.wide);
    upright.svg.append(this.#trackChips.upright);
    this.#tracks = { wide: wide.svg, upright: upright.svg };
    this.#trackBox.append(wide.svg, upright.svg);
    this.#geometry = { wide: wide.geometry, upright: upright.geometry };
  }

  #geometry: { wide: ReturnType<typeof racetrack>; upright: ReturnType<typeof racetrack> } | null = null;

  /** The inside bet under a pointer event on the numbers. */
  #spotAt(event: MouseEvent): InsideSpot | null {
    // One layout read while the pointer stays on the numbers (scrolling or resizing drops it).
    this.#rect ??= this.#nums.getBoundingClientRect();
    const rect = this.#rect;
    if (rect.width === 0 || rect.height === 0) return null;
    const fx = (event.clientX - rect.left) / rect.width;
    const fy = (event.clientY - rect.top) / rect.height;
    const upright = phoneLayout();
    // Cell sizes in px along u (the streets) and v (across them); a line is ±9 px wide.
    const cellU = upright ? rect.height / 13 : rect.width / 13;
    const cellV = upright ? rect.width / 3 : rect.height / 3;
    const tolU = Math.min(0.3, 9 / cellU);
    const tolV = Math.min(0.3, 9 / cellV);
    const u = (upright ? fy : fx) * 13 - 1;
    const v = upright ? fx * 3 : 3 - fy * 3;
    return gridBetAt(u, v, tolU, tolV);
  }

  #placeInside(spot: InsideSpot): void {
    this.#place({ kind: spot.kind, numbers: [...spot.numbers], amount: this.#ctx.chip() } as Bet);
  }

  /** Chips on a spot; the table says why when bets are not taken now. */
  #place(bet: Bet): void {
    this.#ctx.bet([bet]);
  }

  /** Lights the numbers a bet under the pointer covers (and, for a call bet, its spots). */
  #hover(
    key: string,
    numbers: readonly number[],
    spots: readonly { numbers: readonly number[] }[] = [],
  ): void {
    if (key === this.#hoverKey) return;
    this.#hoverKey = key;
    const lit = new Set(numbers);
    for (const spot of spots) for (const n of spot.numbers) lit.add(n);
    for (const [n, cell] of this.#numberCells) cell.classList.toggle('hl', lit.has(n));
    for (const [n, g] of this.#trackCells) g.classList.toggle('hl', lit.has(n));
    if (this.#tracks) {
      for (const g of this.#tracks.upright.querySelectorAll('.tcell'))
        g.classList.toggle('hl', lit.has(Number(g.getAttribute('aria-label'))));
    }
  }

  setOpen(open: boolean): void {
    this.board.classList.toggle('open', open);
  }

  setRound(round: RoundView): void {
    const previous = this.#round;
    this.#round = round;
    this.board.dataset.phase = round.phase;
    if (previous?.round !== round.round) this.#lit(null);
    const pocket = round.phase === 'result' ? (round.result as RouletteResult | null)?.pocket : undefined;
    this.#lit(pocket ?? null);
  }

  /** Marks the winning number and the outside spots it wins. */
  #lit(pocket: number | null): void {
    for (const [n, cell] of this.#numberCells) cell.classList.toggle('win', n === pocket);
    for (const { el, numbers } of this.#outside.values())
      el.classList.toggle('win', pocket !== null && numbers.includes(pocket));
  }

  setHistory(history: TableHistory): void {
    if (history.game !== 'live-roulette') return;
    this.#lastPocket = history.last[0] ?? null;
    this.#renderStrip(history);
    this.#renderStats(history);
  }

  #renderStrip(history: RouletteHistory): void {
    this.#strip.replaceChildren(
      ...history.last
        .slice(0, 100)
        .map((n, i) => h('li', { className: `pill ${colorOf(n)}${i === 0 ? ' newest' : ''}` }, String(n))),
    );
  }

  #renderStats(history: RouletteHistory): void {
    const { t, tag } = this.#ctx;
    const pills = (numbers: number[]) =>
      h(
        'div',
        { className: 'pills' },
        ...numbers.map((n) => h('span', { className: `pill ${colorOf(n)}` }, String(n))),
      );
    const bar = (parts: [string, number, string][]) =>
      h(
        'div',
        { className: 'share' },
        ...parts.map(([label, value, tone]) =>
          h(
            'span',
            {
              className: `part ${tone}`,
              style: `flex-grow:${Math.max(value, 0.001)}`,
              title: `${label} ${share(value, tag)}`,
            },
            value >= 12 ? share(value, tag) : '',
          ),
        ),
      );
    const legend = (parts: [string, number][]) =>
      h(
        'div',
        { className: 'legend' },
        ...parts.map(([label, value]) => h('span', {}, `${label} ${share(value, tag)}`)),
      );
    const sh = history.shares;
    this.stats.replaceChildren(
      h('h2', {}, t.statistics.replace('{n}', String(history.last.length))),
      h(
        'div',
        { className: 'hcs' },
        h('div', { className: 'hc' }, h('span', { className: 'hot' }, t.hot), pills(history.hot)),
        h('div', { className: 'hc' }, h('span', { className: 'cold' }, t.cold), pills(history.cold)),
      ),
      h(
        'div',
        { className: 'shares' },
        h(
          'div',
          {},
          bar([
            [t.red, sh.red, 'red'],
            [t.zero, sh.green, 'green'],
            [t.black, sh.black, 'black'],
          ]),
          legend([
            [t.red, sh.red],
            [t.zero, sh.green],
            [t.black, sh.black],
          ]),
        ),
        h(
          'div',
          {},
          bar([
            [t.odd, sh.odd, 'odd'],
            [t.even, sh.even, 'even'],
          ]),
          legend([
            [t.odd, sh.odd],
            [t.even, sh.even],
          ]),
        ),
        h(
          'div',
          {},
          bar([
            ['1-18', sh.low, 'low'],
            ['19-36', sh.high, 'high'],
          ]),
          legend([
            ['1-18', sh.low],
            ['19-36', sh.high],
          ]),
        ),
      ),
    );
  }

  setChips(placed: readonly Bet[], pending: readonly Bet[]): void {
    const chips = this.#ctx.chips;
    const solid = spotStakes(placed);
    const waiting = spotStakes(pending);
    const keys = new Set([...solid.keys(), ...waiting.keys()]);
    const stackOf = (key: string) => {
      const amount = (solid.get(key)?.amount ?? 0n) + (waiting.get(key)?.amount ?? 0n);
      return h(
        'span',
        {
          className: `stack${waiting.has(key) ? ' pending' : ''}`,
          style: `--chip:${chipColor(amount, chips)}`,
        },
        chipLabel(amount),
      );
    };
    const inside: HTMLElement[] = [];
    for (const { el } of this.#outside.values()) el.querySelector('.stack')?.remove();
    for (const key of keys) {
      const outside = this.#outside.get(key);
      if (outside) {
        outside.el.append(stackOf(key));
        continue;
      }
      const [kind, list] = key.split(' ');
      const numbers = (list ?? '').split('/').map(Number);
      const { u, v } = spotAnchor({ kind: kind as InsideSpot['kind'], numbers });
      const chip = stackOf(key);
      chip.setAttribute('style', `${chip.getAttribute('style')};${anchorStyle(u, v)}`);
      inside.push(chip);
    }
    this.#overlay.replaceChildren(...inside);
    // Racetrack bets: a chip on the sector, or on the number of a neighbours bet.
    const all = [
      ...placed.map((bet) => ({ bet, pending: false })),
      ...pending.map((bet) => ({ bet, pending: true })),
    ];
    for (const orientation of ['wide', 'upright'] as const) {
      const geometry = this.#geometry?.[orientation];
      if (!geometry) continue;
      const spots = new Map<string, { x: number; y: number; chip: bigint; pending: boolean; note: string }>();
      for (const { bet, pending: wait } of all) {
        if (!('chip' in bet)) continue;
        const neighbours = bet.kind === 'neighbours' ? bet : null;
        const at = neighbours
          ? geometry.cells.find((cell) => cell.number === neighbours.number)?.center
          : geometry.sectors.find((sector) => sector.kind === bet.kind)?.center;
        if (!at) continue;
        const key = neighbours ? `n${neighbours.number}/${neighbours.neighbours}` : bet.kind;
        const seen = spots.get(key);
        spots.set(key, {
          x: at.x,
          y: neighbours ? at.y : at.y + 14,
          chip: (seen?.chip ?? 0n) + bet.chip,
          pending: (seen?.pending ?? false) || wait,
          note: neighbours ? `±${neighbours.neighbours}` : '',
        });
      }
      this.#trackChips[orientation].replaceChildren(
        ...[...spots.values()].map((spot) =>
          s(
            'g',
            {
              class: `tchip${spot.pending ? ' pending' : ''}`,
              transform: `translate(${spot.x.toFixed(1)} ${spot.y.toFixed(1)})`,
            },
            s('circle', { r: 10, fill: chipColor(spot.chip, chips) }),
            s('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' }, chipLabel(spot.chip)),
            spot.note ? s('text', { class: 'note', y: 17, 'text-anchor': 'middle' }, spot.note) : null,
          ),
        ),
      );
    }
  }

  frame(now: number): void {
    const round = this.#round;
    if (!round) return;
    const drawEnd =
      round.phase === 'drawing' ? round.phaseEndsAt : round.phaseEndsAt - this.#ctx.table.timing.result;
    const result = round.result as RouletteResult | null;
    this.#wheel.frame(now, {
      phase: round.phase,
      drawStart: drawEnd - this.#ctx.table.timing.drawing,
      drawEnd,
      pocket: result?.pocket ?? null,
      lastPocket: this.#lastPocket,
      reduced: this.#ctx.reduced(),
    });
  }

  banner(result: LiveResult): Banner {
    const { t } = this.#ctx;
    const { pocket, color } = result as RouletteResult;
    const words = [color === 'green' ? t.zero : color === 'red' ? t.red : t.black];
    if (pocket > 0) words.push(pocket % 2 === 1 ? t.odd : t.even, pocket <= 18 ? '1-18' : '19-36');
    return { title: String(pocket), detail: words.join(' · '), tone: color };
  }
}
