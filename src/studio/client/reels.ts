/**
 * The reels: DOM cells moved with transforms in one requestAnimationFrame loop (spins stop reel by
 * reel; cascades pop the winning cells and drop the new ones in), winning cells and paylines lit.
 * With prefers-reduced-motion the symbols change in place.
 */
import type { SlotStep, SlotWin } from '../../games/slots/types.ts';

type Grid = readonly (readonly string[])[];

const reduced = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Ease out with a small overshoot, so a reel lands with a bounce. */
const backOut = (t: number) => {
  const s = 1.2;
  const u = t - 1;
  return u * u * ((s + 1) * u + s) + 1;
};

export class Reels {
  readonly element: HTMLDivElement;
  readonly #game: string;
  readonly #symbols: readonly string[];
  readonly #rows: number;
  readonly #strips: HTMLDivElement[] = [];
  readonly #lines: SVGSVGElement;
  #grid: string[][];
  #cell = 80;

  constructor(host: HTMLElement, game: string, symbols: readonly string[], reels: number, rows: number) {
    this.#game = game;
    this.#symbols = symbols;
    this.#rows = rows;
    this.element = document.createElement('div');
    this.element.className = 'reels';
    this.element.setAttribute('role', 'img');
    this.#grid = Array.from({ length: reels }, (_, r) =>
      Array.from({ length: rows }, (_, row) => symbols[(r * 2 + row * 3) % symbols.length] ?? 'A'),
    );
    for (let r = 0; r < reels; r += 1) {
      const reel = document.createElement('div');
      reel.className = 'reel';
      const strip = document.createElement('div');
      strip.className = 'strip';
      reel.append(strip);
      this.element.append(reel);
      this.#strips.push(strip);
    }
    this.#lines = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.#lines.classList.add('lines');
    this.element.append(this.#lines);
    host.append(this.element);
    this.#measure();
    new ResizeObserver(() => this.#measure()).observe(this.element);
    this.#show(this.#grid);
  }

  #measure(): void {
    const height = this.#strips[0]?.parentElement?.clientHeight ?? 0;
    if (height > 0) this.#cell = height / this.#rows;
    this.element.style.setProperty('--cell', `${this.#cell}px`);
  }

  #img(symbol: string): HTMLDivElement {
    const cell = document.createElement('div');
    cell.className = 'cell';
    const img = document.createElement('img');
    img.src = `/static/symbol/${this.#game}/${encodeURIComponent(symbol)}.svg`;
    img.alt = symbol;
    img.draggable = false;
    cell.append(img);
    return cell;
  }

  #show(grid: Grid): void {
    this.#grid = grid.map((column) => [...column]);
    this.#strips.forEach((strip, r) => {
      strip.replaceChildren(...(grid[r] ?? []).map((symbol) => this.#img(symbol)));
      strip.style.transform = 'translateY(0)';
    });
    this.element.setAttribute('aria-label', grid.map((column) => column.join(' ')).join(' | '));
  }

  #randomSymbol(): string {
    return this.#symbols[Math.floor(Math.random() * this.#symbols.length)] ?? 'A';
  }

  clearWins(): void {
    this.element.classList.remove('has-win');
    for (const cell of this.element.querySelectorAll('.cell.win')) cell.classList.remove('win');
    this.#lines.replaceChildren();
  }

  /** Spins every reel to `grid`, stopping them left to right. */
  async spinTo(grid: Grid, turbo: boolean): Promise<void> {
    this.clearWins();
    if (reduced()) {
      this.#show(grid);
      return;
    }
    const filler = turbo ? 6 : 14;
    const base = turbo ? 260 : 620;
    const stagger = turbo ? 70 : 170;
    const travel = (filler + this.#rows) * this.#cell;
    this.#strips.forEach((strip, r) => {
      const cells = [
        ...(grid[r] ?? []).map((s) => this.#img(s)),
        ...Array.from({ length: filler }, () => this.#img(this.#randomSymbol())),
        ...(this.#grid[r] ?? []).map((s) => this.#img(s)),
      ];
      strip.replaceChildren(...cells);
      strip.style.transform = `translateY(${-travel}px)`;
    });
    await new Promise<void>((resolve) => {
      const start = performance.now();
      const frame = (now: number) => {
        let done = true;
        this.#strips.forEach((strip, r) => {
          const duration = base + r * stagger;
          const t = Math.min(1, (now - start) / duration);
          if (t < 1) done = false;
          strip.style.transform = `translateY(${(-travel * (1 - backOut(t))).toFixed(1)}px)`;
        });
        if (done) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    this.#show(grid);
  }

  /** Lights a step's wins: the cells, and the paylines through them. */
  showWins(wins: readonly SlotWin[]): void {
    this.clearWins();
    if (wins.length === 0) return;
    this.element.classList.add('has-win');
    const box = this.element.getBoundingClientRect();
    this.#lines.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
    for (const win of wins) {
      const points: string[] = [];
      for (const [reel, row] of win.cells) {
        const cell = this.#strips[reel]?.children[row] as HTMLElement | undefined;
        if (!cell) continue;
        cell.classList.add('win');
        const rect = cell.getBoundingClientRect();
        points.push(
          `${(rect.left - box.left + rect.width / 2).toFixed(1)},${(rect.top - box.top + rect.height / 2).toFixed(1)}`,
        );
      }
      if (win.kind === 'line' && points.length > 1) {
        const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
        line.setAttribute('points', points.join(' '));
        line.setAttribute('stroke-width', String(Math.max(4, this.#cell / 14)));
        this.#lines.append(line);
      }
    }
  }

  /** A cascade: the previous step's winning cells burst, the rest fall and new symbols drop in. */
  async cascadeTo(previous: SlotStep, next: SlotStep, turbo: boolean): Promise<void> {
    const removed = new Map<number, number[]>();
    for (const win of previous.wins)
      for (const [reel, row] of win.cells) {
        const rows = removed.get(reel) ?? [];
        if (!rows.includes(row)) rows.push(row);
        removed.set(reel, rows);
      }
    if (reduced()) {
      this.clearWins();
      this.#show(next.grid);
      return;
    }
    for (const [reel, rows] of removed)
      for (const row of rows) this.#strips[reel]?.children[row]?.classList.add('pop');
    await wait(turbo ? 160 : 320);
    this.clearWins();
    this.#show(next.grid);
    const moving: { el: HTMLElement; from: number }[] = [];
    for (const [reel, rows] of removed) {
      const lowest = Math.max(...rows);
      const cells = [...(this.#strips[reel]?.children ?? [])] as HTMLElement[];
      for (let row = 0; row <= lowest; row += 1) {
        const el = cells[row];
        if (el) moving.push({ el, from: -rows.length * this.#cell });
      }
    }
    for (const { el, from } of moving) el.style.transform = `translateY(${from}px)`;
    const duration = turbo ? 180 : 380;
    await new Promise<void>((resolve) => {
      const start = performance.now();
      const frame = (now: number) => {
        const t = Math.min(1, (now - start) / duration);
        for (const { el, from } of moving)
          el.style.transform = `translateY(${(from * (1 - backOut(t))).toFixed(1)}px)`;
        if (t < 1) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    for (const { el } of moving) el.style.transform = '';
  }
}
