/**
 * The table's shared panels: the dealer (a friendly figure drawn per table, animated by phase),
 * the other players' bets, the chat (players' words only ever as text), and the dialogs: provably
 * fair and limits & payouts.
 */
import type { ChatMessage, DealerHair, LiveGame, Phase, SeatBets, TableView } from '../protocol.ts';
import { h, icon, s } from './dom.ts';
import { clockTime, hashOf, type Money, verifyCommand } from './format.ts';
import type { Strings } from './i18n.ts';

/* ------------------------------------------------------------------ the dealer */

const SKINS = ['#f6d2b0', '#e9b98f', '#c98d5e', '#9a6440', '#6f4429'];
const HAIRS = ['#2a1a10', '#5b3420', '#b7791f', '#151515', '#7c2d12', '#9ca3af'];
const VESTS = ['#7f1d1d', '#1e3a8a', '#064e3b', '#4c1d95', '#111827'];

/** The hair styles drawn below, in order. */
const HAIR_STYLES: readonly DealerHair[] = ['short', 'long', 'bun'];

/** The dealer: the hair the table chose, colours from the table's id, a name tag, an animation per phase. */
export class Dealer {
  readonly element: HTMLElement;
  readonly #figure: SVGSVGElement;

  constructor(tableId: string, name: string, hairStyle: DealerHair, game: LiveGame, t: Strings) {
    const seed = hashOf(tableId);
    const skin = SKINS[seed % SKINS.length]!;
    const hair = HAIRS[(seed >>> 3) % HAIRS.length]!;
    const vest = VESTS[(seed >>> 6) % VESTS.length]!;
    const style = Math.max(0, HAIR_STYLES.indexOf(hairStyle));
    const hairBack =
      style === 1
        ? s('path', { d: 'M52 62 Q50 112 66 124 L134 124 Q150 112 148 62 Q100 30 52 62Z', fill: hair })
        : style === 2
          ? s('circle', { cx: 100, cy: 30, r: 15, fill: hair })
          : null;
    const hairFront =
      style === 0
        ? s('path', { d: 'M62 66 Q64 34 100 32 Q138 34 138 68 Q128 50 104 50 Q84 52 62 66Z', fill: hair })
        : s('path', { d: 'M60 72 Q58 34 100 34 Q142 34 140 72 Q132 52 100 48 Q70 50 60 72Z', fill: hair });
    const wood = '#7a4a1c';
    this.#figure = s(
      'svg',
      { viewBox: '0 0 200 210', class: `dealer-figure ${game}`, 'aria-hidden': 'true' },
      hairBack,
      // Body: shirt, vest, bow tie.
      s('path', { d: 'M36 210 Q38 150 100 140 Q162 150 164 210Z', fill: '#f8fafc' }),
      s('path', { d: 'M36 210 Q38 152 84 142 L100 196 L116 142 Q162 152 164 210Z', fill: vest }),
      s('path', { d: 'M88 146 L100 152 L112 146 L112 160 L100 154 L88 160Z', fill: '#111827' }),
      s('rect', { x: 90, y: 118, width: 20, height: 26, rx: 8, fill: skin }),
      // Head.
      s(
        'g',
        { class: 'head' },
        s('ellipse', { cx: 100, cy: 80, rx: 38, ry: 44, fill: skin }),
        s('ellipse', { cx: 62, cy: 84, rx: 6, ry: 10, fill: skin }),
        s('ellipse', { cx: 138, cy: 84, rx: 6, ry: 10, fill: skin }),
        hairFront,
        s(
          'g',
          { class: 'eyes' },
          s('ellipse', { cx: 86, cy: 82, rx: 4, ry: 5, fill: '#1f2937' }),
          s('ellipse', { cx: 114, cy: 82, rx: 4, ry: 5, fill: '#1f2937' }),
        ),
        s('path', {
          d: 'M80 72 Q86 68 92 72 M108 72 Q114 68 120 72',
          stroke: '#3f2a1d',
          'stroke-width': 2.5,
          fill: 'none',
          'stroke-linecap': 'round',
        }),
        s('ellipse', { cx: 78, cy: 96, rx: 7, ry: 4, fill: '#f472b6', opacity: 0.35 }),
        s('ellipse', { cx: 122, cy: 96, rx: 7, ry: 4, fill: '#f472b6', opacity: 0.35 }),
        s('path', {
          class: 'smile',
          d: 'M86 100 Q100 112 114 100',
          stroke: '#7f1d1d',
          'stroke-width': 3,
          fill: 'none',
          'stroke-linecap': 'round',
        }),
      ),
      // The table's edge in front of the dealer.
      s('rect', { x: 0, y: 180, width: 200, height: 30, style: 'fill:var(--felt)' }),
      s('rect', { x: 0, y: 174, width: 200, height: 10, rx: 3, fill: wood }),
      // Arms: the dealer's right one (the viewer's left) waves and stops; the left one spins or deals.
      s(
        'g',
        { class: 'arm right' },
        s('path', {
          d: 'M56 154 Q30 166 52 178',
          stroke: vest,
          'stroke-width': 15,
          fill: 'none',
          'stroke-linecap': 'round',
        }),
        s('circle', { cx: 56, cy: 178, r: 8, fill: skin }),
      ),
      s(
        'g',
        { class: 'arm left' },
        s('path', {
          d: 'M144 154 Q170 166 148 178',
          stroke: vest,
          'stroke-width': 15,
          fill: 'none',
          'stroke-linecap': 'round',
        }),
        s('circle', { cx: 144, cy: 178, r: 8, fill: skin }),
      ),
    );
    this.element = h(
      'figure',
      { className: 'dealer', 'data-phase': 'betting' },
      this.#figure,
      h('figcaption', {}, h('small', {}, t.dealer), h('b', {}, name)),
    );
  }

  setPhase(phase: Phase): void {
    this.element.dataset.phase = phase;
  }
}

/* ------------------------------------------------------------------ seats */

export class SeatsPanel {
  readonly element: HTMLElement;
  readonly #list: HTMLUListElement;
  readonly #watching: HTMLElement;
  readonly #t: Strings;
  readonly #money: Money;

  constructor(t: Strings, money: Money) {
    this.#t = t;
    this.#money = money;
    this.#list = h('ul', { className: 'seat-list' });
    this.#watching = h('span', { className: 'watching' });
    this.element = h(
      'section',
      { className: 'panel seats', 'aria-label': t.players },
      h('h2', {}, t.players, this.#watching),
      this.#list,
    );
  }

  render(seats: readonly SeatBets[], watching: number, phase: Phase): void {
    const t = this.#t;
    this.#watching.replaceChildren(icon('eye'), ` ${t.watching.replace('{n}', String(watching))}`);
    const sorted = [...seats].sort(
      (a, b) =>
        Number(b.me) - Number(a.me) ||
        (BigInt(b.total) > BigInt(a.total) ? 1 : BigInt(b.total) < BigInt(a.total) ? -1 : 0),
    );
    const shown = sorted.slice(0, 12);
    const rows = shown.map((seat) => {
      const payout = seat.payout === null ? null : BigInt(seat.payout);
      const won =
        payout === null
          ? null
          : payout > 0n
            ? h('span', { className: 'won' }, `+${this.#money.format(payout)}`)
            : h('span', { className: 'lost' }, '—');
      return h(
        'li',
        { className: seat.me ? 'me' : '' },
        h('span', { className: 'who' }, seat.me ? `${seat.name} (${t.you})` : seat.name),
        h('span', { className: 'bet' }, this.#money.format(seat.total)),
        phase === 'result' || phase === 'void' ? won : null,
      );
    });
    if (sorted.length > shown.length)
      rows.push(
        h('li', { className: 'more' }, t.morePlayers.replace('{n}', String(sorted.length - shown.length))),
      );
    if (rows.length === 0) rows.push(h('li', { className: 'empty' }, t.noBetsYet));
    this.#list.replaceChildren(...rows);
  }
}

/* ------------------------------------------------------------------ chat */

export const CHAT_LIMIT = 200;

export interface ChatOptions {
  t: Strings;
  tag: string;
  demo: boolean;
  send(text: string): Promise<{ ok: true } | { ok: false; code: string }>;
}

export class ChatPanel {
  readonly element: HTMLElement;
  readonly #log: HTMLOListElement;
  readonly #input: HTMLInputElement;
  readonly #counter: HTMLElement;
  readonly #note: HTMLElement;
  readonly #form: HTMLFormElement;
  readonly #options: ChatOptions;
  readonly #seen = new Set<string>();
  #mutedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ChatOptions) {
    this.#options = options;
    const { t, demo } = options;
    this.#log = h('ol', { className: 'chat-log', 'aria-live': 'polite', 'aria-label': t.chat });
    this.#input = h('input', {
      type: 'text',
      maxLength: CHAT_LIMIT,
      placeholder: t.chatPlaceholder,
      'aria-label': t.chatPlaceholder,
      autocomplete: 'off',
      enterKeyHint: 'send',
    });
    this.#counter = h('span', { className: 'counter', 'aria-live': 'off' }, `0/${CHAT_LIMIT}`);
    this.#note = h('p', { className: 'chat-note', role: 'status' });
    this.#form = h(
      'form',
      { className: 'chat-form', hidden: demo },
      this.#input,
      this.#counter,
      h('button', { type: 'submit', className: 'send', 'aria-label': t.send, title: t.send }, icon('send')),
    );
    this.#input.addEventListener('input', () => {
      this.#counter.textContent = `${this.#input.value.length}/${CHAT_LIMIT}`;
      this.#counter.classList.toggle('full', this.#input.value.length >= CHAT_LIMIT);
    });
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#send();
    });
    if (demo) this.#note.textContent = t.chatDemo;
    this.element = h(
      'section',
      { className: 'panel chat', 'aria-label': t.chat },
      h('h2', {}, t.chat),
      this.#log,
      this.#form,
      this.#note,
    );
  }

  async #send(): Promise<void> {
    const text = this.#input.value.trim();
    if (text.length === 0 || text.length > CHAT_LIMIT) {
      this.#error(text.length === 0 ? 'EMPTY' : 'TOO_LONG');
      return;
    }
    this.#input.disabled = true;
    const answer = await this.#options.send(text);
    this.#input.disabled = false;
    if (answer.ok) {
      this.#input.value = '';
      this.#counter.textContent = `0/${CHAT_LIMIT}`;
      this.#note.textContent = '';
      this.#note.classList.remove('error');
      this.#input.focus();
    } else this.#error(answer.code);
  }

  #error(code: string): void {
    const { t } = this.#options;
    const texts: Record<string, string> = {
      TOO_LONG: t.chatTooLong,
      EMPTY: t.chatEmpty,
      RATE_LIMITED: t.chatRateLimited,
      MUTED: t.chatMuted,
      BLOCKED: t.chatBlocked,
      DEMO: t.chatDemo,
    };
    this.#note.textContent = texts[code] ?? t.network;
    this.#note.classList.add('error');
  }

  /** Muted until `until` (epoch ms, server time), or not (null); the input comes back by itself. */
  setMuted(until: number | null, now: number): void {
    if (this.#options.demo) return;
    clearTimeout(this.#mutedTimer);
    const muted = until !== null && until > now;
    this.#form.hidden = muted;
    if (muted)
      this.#mutedTimer = setTimeout(() => this.setMuted(null, 0), Math.min(until - now, 2 ** 31 - 1));
    if (muted) {
      this.#note.classList.remove('error');
      this.#note.textContent = this.#options.t.mutedUntil.replace(
        '{time}',
        clockTime(until, this.#options.tag),
      );
    } else if (this.#note.textContent === '' || !this.#note.classList.contains('error'))
      this.#note.textContent = '';
  }

  /** Replaces the messages (a snapshot). */
  reset(messages: readonly ChatMessage[]): void {
    this.#seen.clear();
    this.#log.replaceChildren();
    for (const message of messages) this.add(message);
  }

  add(message: ChatMessage): void {
    if (this.#seen.has(message.id)) return;
    this.#seen.add(message.id);
    const stick = this.#log.scrollHeight - this.#log.scrollTop - this.#log.clientHeight < 40;
    // Players' words as text nodes only: never markup.
    const name = document.createElement('b');
    name.textContent = message.name;
    const text = document.createElement('span');
    text.textContent = message.text;
    const time = document.createElement('time');
    time.textContent = clockTime(message.at, this.#options.tag);
    const item = document.createElement('li');
    item.append(time, name, text);
    this.#log.append(item);
    while (this.#log.children.length > 100) this.#log.firstElementChild?.remove();
    if (stick) this.#log.scrollTop = this.#log.scrollHeight;
  }
}

/* ------------------------------------------------------------------ dialogs */

function dialog(t: Strings, title: string, ...body: (Node | string | null)[]): HTMLDialogElement {
  const box: HTMLDialogElement = h(
    'dialog',
    { 'aria-label': title },
    h(
      'button',
      { className: 'x', type: 'button', 'aria-label': t.close, on: { click: () => box.close() } },
      '×',
    ),
    h('h2', {}, title),
    ...body,
  );
  box.addEventListener('close', () => box.remove());
  box.addEventListener('click', (event) => {
    if (event.target === box) box.close();
  });
  document.body.append(box);
  box.showModal();
  return box;
}

export interface FairInfo {
  game: LiveGame;
  chain: TableView['chain'];
  round: number;
  /** The last round whose hash is revealed, with its hand number in the shoe (baccarat). */
  last: { round: number; hash: string; shoeHand?: number } | null;
}

function copyRow(t: Strings, text: string, testId?: string): HTMLElement {
  const box = h('div', { className: 'mono', 'data-testid': testId }, text);
  const button = h(
    'button',
    {
      type: 'button',
      className: 'copy',
      'aria-label': t.copy,
      title: t.copy,
      on: {
        click: async () => {
          try {
            await navigator.clipboard.writeText(text);
            button.title = t.copied;
            button.classList.add('done');
          } catch {
            const range = document.createRange();
            range.selectNodeContents(box);
            const selection = getSelection();
            selection?.removeAllRanges();
            selection?.addRange(range);
          }
        },
      },
    },
    icon('copy'),
  );
  return h('div', { className: 'copy-row' }, box, button);
}

export function showFairness(t: Strings, info: FairInfo): void {
  const last = info.last;
  dialog(
    t,
    t.fairness,
    h('p', {}, t.fairIntro),
    h(
      'div',
      { className: 'field' },
      t.terminatingHash,
      copyRow(t, info.chain.terminatingHash, 'terminating-hash'),
    ),
    h('div', { className: 'field' }, t.salt, copyRow(t, info.chain.salt, 'salt')),
    h('div', { className: 'field' }, t.currentRound, h('div', { className: 'mono' }, `#${info.round}`)),
    last
      ? h(
          'div',
          { className: 'field' },
          t.lastHash.replace('{n}', String(last.round)),
          copyRow(t, last.hash, 'last-hash'),
          h('span', {}, t.verifyWith),
          copyRow(t, verifyCommand(info.game, last.hash, info.chain.salt, last.shoeHand), 'verify-command'),
        )
      : h('p', {}, t.noHashYet),
    h('p', { className: 'small' }, t.fairHow),
  );
}

export function showLimits(
  t: Strings,
  table: TableView,
  money: Money,
  names: Readonly<Record<string, string>>,
  payouts: Readonly<Record<string, string>>,
): void {
  const rows = Object.entries(table.limits).map(([kind, limit]) =>
    h(
      'tr',
      {},
      h('th', {}, names[kind] ?? kind),
      h('td', {}, payouts[kind] ?? ''),
      h('td', {}, money.format(limit.min)),
      h('td', {}, money.format(limit.max)),
    ),
  );
  dialog(
    t,
    t.limits,
    h(
      'table',
      { className: 'limits' },
      h(
        'thead',
        {},
        h('tr', {}, h('th', {}, t.betKind), h('th', {}, t.pays), h('th', {}, t.min), h('th', {}, t.max)),
      ),
      h('tbody', {}, ...rows),
    ),
    h('p', { className: 'small' }, table.game === 'live-roulette' ? t.rulesRoulette : t.rulesBaccarat),
  );
}
