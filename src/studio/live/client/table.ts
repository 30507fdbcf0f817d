/**
 * The live table client (served with its types stripped, like the slots' client): it reads the
 * page's boot data, loads the table's snapshot (GET /live/:session/state), follows the table over
 * the socket (GET /live/:session/ws: a snapshot on each connect, then events; reconnects with
 * backoff), keeps its clock in step with the server's, and places bets (POST /live/:session/bets)
 * and chat messages (POST /live/:session/chat). The wire is src/studio/live/protocol.ts.
 */
import type {
  BaccaratResult,
  LiveBoot,
  LiveEvent,
  PlaceBetsAnswer,
  RoundView,
  SeatBets,
  SendChatAnswer,
  Snapshot,
  TableHistory,
} from '../protocol.ts';
import { BaccaratView, baccaratPayouts } from './baccarat.ts';
import {
  addAction,
  allOf,
  type Bet,
  type Book,
  bothSides,
  clear,
  confirmed,
  emptyBook,
  fromWire,
  limitProblem,
  nextRound,
  pendingOf,
  refused,
  stack,
  totals,
  toWire,
  undo,
  withPlaced,
} from './bets.ts';
import { blip, CHIP_COLORS, h, icon, reducedMotion, setSound } from './dom.ts';
import { backoff, chipLabel, type Money, moneyFor, phaseLeft, ServerClock, secondsLeft } from './format.ts';
import { type Strings, stringsFor } from './i18n.ts';
import { ChatPanel, Dealer, SeatsPanel, showFairness, showLimits } from './panels.ts';
import { RouletteView } from './roulette.ts';
import type { GameView } from './view.ts';

const boot = JSON.parse(document.getElementById('boot')?.textContent ?? '{}') as LiveBoot;
const { t, tag, lang } = stringsFor(boot.lang);
const base = `/live/${encodeURIComponent(boot.session)}`;

type Answer<T> = { ok: true; data: T } | { ok: false; code: string; status: number };

async function call<T>(path: string, body?: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
    const data = (await response.json().catch(() => ({}))) as { ok?: boolean; code?: string };
    if (response.ok && data.ok !== false) return { ok: true, data: data as T };
    const fallback =
      response.status === 429 ? 'RATE_LIMITED' : response.status === 404 ? 'SESSION_NOT_FOUND' : 'NETWORK';
    return { ok: false, code: data.code ?? fallback, status: response.status };
  } catch {
    return { ok: false, code: 'NETWORK', status: 0 };
  }
}

/** Roulette's payouts, and the bet kinds' names, for the limits dialog. */
const ROULETTE_PAYOUTS: Record<string, string> = {
  straight: '35:1',
  split: '17:1',
  street: '11:1',
  corner: '8:1',
  line: '5:1',
  dozen: '2:1',
  column: '2:1',
  red: '1:1',
  black: '1:1',
  odd: '1:1',
  even: '1:1',
  low: '1:1',
  high: '1:1',
};

function kindNames(t: Strings): Record<string, string> {
  return {
    straight: t.kindStraight,
    split: t.kindSplit,
    street: t.kindStreet,
    corner: t.kindCorner,
    line: t.kindLine,
    dozen: t.kindDozen,
    column: t.kindColumn,
    red: t.red,
    black: t.black,
    odd: t.odd,
    even: t.even,
    low: '1-18',
    high: '19-36',
    player: t.player,
    banker: t.banker,
    tie: t.tie,
    playerPair: t.playerPair,
    bankerPair: t.bankerPair,
  };
}

const BET_ERRORS = (t: Strings): Record<string, string> => ({
  NO_MORE_BETS: t.errNoMoreBets,
  INVALID_BET: t.errInvalidBet,
  LIMIT: t.errLimit,
  NOT_ENOUGH_MONEY: t.errNotEnough,
  SESSION_EXPIRED: t.errSessionExpired,
  WALLET_UNAVAILABLE: t.errWalletUnavailable,
  WALLET_REFUSED: t.errWalletRefused,
  NETWORK: t.network,
});

class LiveTable {
  readonly #clock = new ServerClock();
  readonly #app: HTMLElement;
  #state: Snapshot;
  #book: Book = emptyBook();
  #money: Money;
  #view: GameView;
  #dealer: Dealer;
  #seats: SeatsPanel;
  #chat: ChatPanel;
  #chipIndex = 0;
  #sending = false;
  #autoSent = -1;
  #lastRevealed: { round: number; hash: string; shoeHand?: number } | null = null;
  #stashedSeats: { round: number; seats: SeatBets[]; watching: number } | null = null;
  #lastWin: bigint | null = null;
  #myPayout: { round: number; payout: bigint } | null = null;
  #socket: WebSocket | null = null;
  #attempt = 0;
  #fatal = false;
  #shownSeconds = -1;
  #started = false;
  #bannerTimer: ReturnType<typeof setTimeout> | undefined;
  #toastTimer: ReturnType<typeof setTimeout> | undefined;

  // Elements.
  readonly #roundOut = h('span', { className: 'round-no' });
  readonly #status = h('span', { className: 'status', role: 'status', hidden: true });
  readonly #phaseLabel = h('span', { className: 'phase-label' });
  readonly #seconds = h('b', { className: 'seconds', 'aria-hidden': 'true' });
  readonly #bar = h('i', { className: 'timebar-fill' });
  readonly #phaseBox = h('div', { className: 'phase', role: 'timer', 'aria-live': 'off' });
  readonly #banner = h('div', { className: 'banner', 'aria-live': 'polite' });
  readonly #toast = h('div', { className: 'toast', role: 'alert' });
  readonly #balanceOut = h('output', { 'data-testid': 'balance' });
  readonly #betOut = h('output', { 'data-testid': 'total-bet' });
  readonly #winOut = h('output', { 'data-testid': 'win' }, '—');
  readonly #pendingOut = h('small', { className: 'pending-note', 'aria-live': 'polite' });
  readonly #chips = h('div', { className: 'chips', role: 'radiogroup', 'aria-label': t.chip });
  readonly #undo = this.#action('undo', t.undo, () => this.#change(undo(this.#book)));
  readonly #clear = this.#action('clear', t.clear, () => this.#change(clear(this.#book)));
  readonly #repeat = this.#action('repeat', t.repeat, () => this.#act(stack(this.#book.last)));
  readonly #double = this.#action('double', t.double, () => this.#act(allOf(this.#book)));
  readonly #confirm = h(
    'button',
    {
      type: 'button',
      className: 'confirm',
      'data-testid': 'confirm',
      on: { click: () => void this.#send() },
    },
    icon('check'),
    h('span', {}, t.confirm),
  );

  constructor(app: HTMLElement, snapshot: Snapshot) {
    this.#app = app;
    this.#state = snapshot;
    const table = snapshot.table;
    this.#money = moneyFor(tag, table.currency);
    const chipValues = table.chips.map((chip) => BigInt(chip));
    this.#chipIndex = Math.min(1, chipValues.length - 1);
    const ctx = {
      t,
      tag,
      money: this.#money,
      table,
      chips: chipValues,
      chip: () => chipValues[this.#chipIndex] ?? 1n,
      bet: (bets: Bet[]) => this.#act(bets),
      reduced: reducedMotion,
    };
    this.#view = table.game === 'live-roulette' ? new RouletteView(ctx) : new BaccaratView(ctx);
    this.#dealer = new Dealer(table.id, table.dealer, table.dealerHair, table.game, t);
    this.#seats = new SeatsPanel(t, this.#money);
    const demo = snapshot.viewer.mode === 'demo';
    this.#chat = new ChatPanel({
      t,
      tag,
      demo,
      send: async (text) => {
        const answer = await call<SendChatAnswer>('/chat', { text });
        if (answer.ok && answer.data.ok) {
          this.#chat.add(answer.data.message);
          return { ok: true };
        }
        return { ok: false, code: answer.ok ? 'NETWORK' : answer.code };
      },
    });
    this.#build(table.name, demo, chipValues);
    this.#snapshot(snapshot);
    requestAnimationFrame(this.#loop);
    this.#connect();
  }

  #action(name: 'undo' | 'clear' | 'repeat' | 'double', label: string, run: () => void): HTMLButtonElement {
    return h(
      'button',
      { type: 'button', className: `act ${name}`, title: label, 'aria-label': label, on: { click: run } },
      icon(name),
      h('span', {}, label),
    );
  }

  #build(name: string, demo: boolean, chipValues: bigint[]): void {
    const lobby = boot.lobbyUrl;
    const sound = h(
      'button',
      {
        type: 'button',
        className: 'top-btn',
        'aria-pressed': 'false',
        title: t.sound,
        'aria-label': t.sound,
      },
      icon('mute'),
    );
    let soundOn = false;
    sound.addEventListener('click', () => {
      soundOn = !soundOn;
      setSound(soundOn);
      sound.setAttribute('aria-pressed', String(soundOn));
      sound.replaceChildren(icon(soundOn ? 'sound' : 'mute'));
      blip(520);
    });
    const names = kindNames(t);
    const payouts = this.#state.table.game === 'live-roulette' ? ROULETTE_PAYOUTS : baccaratPayouts(tag);
    const header = h(
      'header',
      { className: 'top' },
      lobby
        ? h(
            'a',
            { className: 'top-btn lobby', href: lobby, target: '_top', 'aria-label': t.lobby },
            icon('back'),
            h('span', { className: 'label' }, t.lobby),
          )
        : null,
      h('h1', {}, name),
      this.#roundOut,
      demo ? h('span', { className: 'demo', 'data-testid': 'demo-badge' }, t.demo) : null,
      this.#status,
      sound,
      h(
        'button',
        {
          type: 'button',
          className: 'top-btn',
          title: t.limits,
          'aria-label': t.limits,
          on: { click: () => showLimits(t, this.#state.table, this.#money, names, payouts) },
        },
        icon('info'),
      ),
      h(
        'button',
        {
          type: 'button',
          className: 'top-btn',
          title: t.fairness,
          'aria-label': t.fairness,
          'data-testid': 'fairness',
          on: {
            click: () =>
              showFairness(t, {
                game: this.#state.table.game,
                chain: this.#state.table.chain,
                round: this.#state.round.round,
                last: this.#lastRevealed,
              }),
          },
        },
        icon('shield'),
      ),
    );
    chipValues.forEach((value, i) => {
      this.#chips.append(
        h(
          'button',
          {
            type: 'button',
            className: 'chip',
            role: 'radio',
            'aria-checked': String(i === this.#chipIndex),
            'aria-label': `${t.chip} ${this.#money.format(value)}${this.#money.fun ? ` ${t.fun}` : ''}`,
            style: `--chip:${CHIP_COLORS[i % CHIP_COLORS.length]}`,
            on: {
              click: () => {
                this.#chipIndex = i;
                for (const [j, chip] of [...this.#chips.children].entries())
                  chip.setAttribute('aria-checked', String(j === i));
                blip(700, 30);
              },
            },
          },
          chipLabel(value),
        ),
      );
    });
    this.#phaseBox.append(
      this.#seconds,
      h(
        'span',
        { className: 'phase-text' },
        this.#phaseLabel,
        h('span', { className: 'timebar' }, this.#bar),
      ),
    );
    const sceneWrap = h('div', { className: 'scene-wrap' }, this.#view.scene, this.#phaseBox, this.#banner);
    const fun = () => (this.#money.fun ? h('small', { className: 'fun' }, t.fun) : null);
    const meter = (label: string, out: HTMLElement, extra: HTMLElement | null = null) =>
      h(
        'div',
        { className: 'meter' },
        h('label', {}, label),
        h('span', { className: 'value' }, out, fun()),
        extra,
      );
    const footer = h(
      'footer',
      { className: 'controls' },
      h(
        'div',
        { className: 'meters' },
        meter(t.balance, this.#balanceOut),
        meter(t.totalBet, this.#betOut, this.#pendingOut),
        meter(t.lastWin, this.#winOut),
      ),
      this.#chips,
      h('div', { className: 'actions' }, this.#undo, this.#clear, this.#repeat, this.#double, this.#confirm),
    );
    const main = h(
      'main',
      { className: 'main' },
      this.#dealer.element,
      sceneWrap,
      this.#view.stats,
      this.#view.history,
      this.#view.board,
      footer,
    );
    const side = h('aside', { className: 'side' }, this.#seats.element, this.#chat.element);
    this.#app.className = `live ${this.#state.table.game}`;
    this.#app.replaceChildren(header, h('div', { className: 'table-layout' }, main, side), this.#toast);
    this.#app.removeAttribute('aria-busy');
  }

  /* ---------------------------------------------------------------- events */

  apply(event: LiveEvent): void {
    this.#clock.sample(event.serverTime, Date.now());
    switch (event.type) {
      case 'snapshot':
        this.#snapshot(event);
        break;
      case 'round':
        this.#round(event.round, event.history);
        break;
      case 'seats':
        if (event.round === this.#state.round.round) this.#setSeats(event.seats, event.watching);
        else if (event.round > this.#state.round.round) this.#stashedSeats = event;
        break;
      case 'chat':
        this.#chat.add(event.message);
        break;
      case 'balance':
        this.#state.viewer.balance = event.balance;
        this.#renderMoney();
        break;
      case 'settled': {
        this.#state.viewer.balance = event.balance;
        const payout = BigInt(event.payout);
        this.#myPayout = { round: event.round, payout };
        if (payout > 0n) {
          this.#lastWin = payout;
          blip(880, 200);
        }
        this.#renderMoney();
        if (this.#state.round.round === event.round && this.#state.round.phase === 'result')
          this.#showResult();
        return;
      }
      case 'refunded':
        this.#state.viewer.balance = event.balance;
        this.#renderMoney();
        if (BigInt(event.amount) > 0n)
          this.#say(t.refunded.replace('{amount}', this.#fmt(event.amount)), 'info');
        return;
    }
  }

  #snapshot(snapshot: Snapshot): void {
    this.#clock.sample(snapshot.serverTime, Date.now());
    const previous = this.#state.round;
    const sameRound = previous.round === snapshot.round.round;
    this.#state = { ...snapshot, seats: [...snapshot.seats], chat: [...snapshot.chat] };
    this.#book = withPlaced(
      sameRound ? this.#book : nextRound(this.#book),
      snapshot.viewer.bets.map(fromWire),
    );
    if (snapshot.lastRound?.hash) this.#remember(snapshot.lastRound);
    if (snapshot.round.hash) this.#remember(snapshot.round);
    this.#view.setHistory(snapshot.history);
    this.#chat.reset(snapshot.chat);
    this.#chat.setMuted(snapshot.viewer.mutedUntil, snapshot.serverTime);
    this.#setSeats(snapshot.seats, snapshot.watching);
    this.#phase(this.#started && sameRound ? previous : null, snapshot.round);
    this.#started = true;
    this.#renderMoney();
  }

  #round(next: RoundView, history?: TableHistory): void {
    const previous = this.#state.round;
    const isNew = next.round !== previous.round;
    if (isNew) {
      if (previous.hash) this.#remember(previous);
      this.#book = nextRound(this.#book);
      this.#myPayout = null;
      const stashed = this.#stashedSeats?.round === next.round ? this.#stashedSeats : null;
      this.#stashedSeats = null;
      this.#state.round = next;
      this.#setSeats(stashed?.seats ?? [], stashed?.watching ?? this.#state.watching);
    }
    if (next.hash) this.#remember(next);
    this.#state.round = next;
    if (history) {
      this.#state.history = history;
      this.#view.setHistory(history);
    }
    this.#phase(isNew ? null : previous, next);
    this.#renderMoney();
  }

  /** Keeps the last round played to the end (a void round has no outcome to verify). */
  #remember(round: RoundView): void {
    if (!round.hash || !round.result) return;
    if (this.#lastRevealed && this.#lastRevealed.round > round.round) return;
    const result = round.result as BaccaratResult | null;
    this.#lastRevealed = {
      round: round.round,
      hash: round.hash,
      ...(result && 'shoeHand' in result ? { shoeHand: result.shoeHand } : {}),
    };
  }

  #setSeats(seats: SeatBets[], watching: number): void {
    this.#state.seats = seats;
    this.#state.watching = watching;
    const me = seats.find((seat) => seat.me);
    if (me && !this.#sending) this.#book = withPlaced(this.#book, me.bets.map(fromWire));
    this.#seats.render(seats, watching, this.#state.round.phase);
    this.#renderBets();
  }

  /** A new phase (or the same one updated): the view, the dealer, banners. */
  #phase(previous: RoundView | null, next: RoundView): void {
    this.#roundOut.textContent = `${t.round} #${next.round}`;
    this.#view.setRound(next);
    this.#dealer.setPhase(next.phase);
    this.#view.setOpen(next.phase === 'betting');
    this.#seats.render(this.#state.seats, this.#state.watching, next.phase);
    this.#shownSeconds = -1;
    this.#phaseLabel.textContent = this.#phaseText(next.phase);
    const changed = previous === null || previous.phase !== next.phase;
    if (changed) {
      switch (next.phase) {
        case 'betting':
          this.#showBanner(t.placeBets, '', 'info', 2200);
          blip(520, 120);
          break;
        case 'closed':
          if (this.#book.actions.length > 0) {
            this.#book = clear(this.#book);
            this.#say(t.notPlaced, 'info');
          }
          this.#showBanner(t.noMoreBets, '', 'info', 2000);
          blip(300, 160);
          break;
        case 'drawing':
          this.#hideBanner();
          break;
        case 'result':
          this.#showResult();
          blip(660, 160);
          break;
        case 'void':
          this.#showBanner(t.roundVoid, '', 'void');
          break;
      }
    }
    this.#renderBets();
  }

  #phaseText(phase: RoundView['phase']): string {
    switch (phase) {
      case 'betting':
        return t.placeBets;
      case 'closed':
        return t.noMoreBets;
      case 'drawing':
        return this.#state.table.game === 'live-roulette' ? t.spinning : t.dealing;
      case 'result':
        return t.nextRound;
      case 'void':
        return t.roundVoidShort;
    }
  }

  #showResult(): void {
    const result = this.#state.round.result;
    if (!result) return;
    const banner = this.#view.banner(result);
    const mine = this.#myPayout?.round === this.#state.round.round ? this.#myPayout.payout : null;
    const you = mine !== null && mine > 0n ? `${t.youWin} ${this.#fmt(mine)}` : '';
    this.#showBanner(banner.title, banner.detail, banner.tone, undefined, you);
  }

  /* ---------------------------------------------------------------- bets */

  #canBet(now = this.#clock.now(Date.now())): boolean {
    const round = this.#state.round;
    return !this.#fatal && round.phase === 'betting' && now < round.phaseEndsAt;
  }

  /** The viewer put chips down (a click, repeat or double): checked, then kept until sent. */
  #act(bets: Bet[]): void {
    if (bets.length === 0) return;
    const next = addAction(this.#book, bets);
    const refusal = this.#refusal(next);
    if (refusal) {
      this.#say(refusal);
      return;
    }
    this.#book = next;
    blip(640, 40);
    this.#renderBets();
  }

  /** Why the table would refuse the chips of `next` (checked here to spare a request), or null. */
  #refusal(next: Book): string | null {
    if (!this.#canBet()) return t.errNoMoreBets;
    if (totals(next).pending > BigInt(this.#state.viewer.balance)) return t.errNotEnough;
    if (this.#state.table.game === 'live-baccarat' && bothSides(allOf(next))) return t.errBothSides;
    const problem = limitProblem(allOf(next), this.#state.table.limits);
    if (problem?.limit && problem.amount > BigInt(problem.limit.max))
      return this.#limitText(problem.kind, problem.limit.min, problem.limit.max);
    return null;
  }

  #change(book: Book): void {
    this.#book = book;
    this.#renderBets();
  }

  #limitText(kind: string, min: string, max: string): string {
    return t.limitOf
      .replace('{bet}', kindNames(t)[kind] ?? kind)
      .replace('{min}', this.#fmt(min))
      .replace('{max}', this.#fmt(max));
  }

  /** Sends the chips not sent yet (the confirm button, or by itself just before betting closes). */
  async #send(): Promise<void> {
    if (this.#sending || this.#book.actions.length === 0 || !this.#canBet()) return;
    const problem = limitProblem(allOf(this.#book), this.#state.table.limits);
    if (problem?.limit && problem.amount < BigInt(problem.limit.min)) {
      this.#say(this.#limitText(problem.kind, problem.limit.min, problem.limit.max));
      return;
    }
    const round = this.#state.round.round;
    const sent = this.#book.actions.length;
    const bets = pendingOf(this.#book).map(toWire);
    this.#sending = true;
    this.#renderBets();
    const answer = await call<PlaceBetsAnswer>('/bets', { round, bets });
    this.#sending = false;
    if (answer.ok && answer.data.ok) {
      if (answer.data.round === this.#state.round.round)
        this.#book = confirmed(this.#book, sent, answer.data.bets.map(fromWire));
      this.#state.viewer.balance = answer.data.balance;
      blip(760, 70);
    } else {
      const code = answer.ok ? 'NETWORK' : answer.code;
      // Nothing was taken: the chips stay to try again when the wallet or the network failed.
      if (code !== 'NETWORK' && code !== 'WALLET_UNAVAILABLE') this.#book = refused(this.#book, sent);
      if (code === 'SESSION_EXPIRED') this.#fail(t.errSessionExpired);
      else this.#say(BET_ERRORS(t)[code] ?? t.network);
    }
    this.#renderMoney();
    this.#renderBets();
  }

  /* ---------------------------------------------------------------- render */

  #fmt(minor: bigint | string): string {
    return this.#money.fun ? `${this.#money.format(minor)} ${t.fun}` : this.#money.format(minor);
  }

  #renderMoney(): void {
    this.#balanceOut.textContent = this.#money.format(this.#state.viewer.balance);
    this.#winOut.textContent = this.#lastWin === null ? '—' : this.#money.format(this.#lastWin);
    this.#winOut.parentElement?.classList.toggle('none', this.#lastWin === null);
    this.#renderBets();
  }

  #renderBets(): void {
    const book = this.#book;
    const sum = totals(book);
    this.#betOut.textContent = this.#money.format(sum.total);
    this.#pendingOut.textContent =
      sum.pending > 0n ? t.toConfirm.replace('{amount}', this.#fmt(sum.pending)) : '';
    this.#view.setChips(book.placed, pendingOf(book));
    const open = this.#canBet();
    this.#undo.disabled = book.actions.length === 0;
    this.#clear.disabled = book.actions.length === 0;
    this.#repeat.disabled = !open || book.last.length === 0;
    this.#double.disabled = !open || allOf(book).length === 0;
    this.#confirm.disabled = !open || book.actions.length === 0 || this.#sending;
    this.#confirm.classList.toggle('busy', this.#sending);
    this.#confirm.classList.toggle('ready', open && book.actions.length > 0);
    this.#chips.classList.toggle('off', !open);
  }

  #showBanner(title: string, detail: string, tone: string, hideAfter?: number, extra = ''): void {
    clearTimeout(this.#bannerTimer);
    this.#banner.className = `banner show ${tone}`;
    this.#banner.replaceChildren(h('b', {}, title));
    if (detail) this.#banner.append(h('span', {}, detail));
    if (extra) this.#banner.append(h('strong', { className: 'you' }, extra));
    if (hideAfter) this.#bannerTimer = setTimeout(() => this.#hideBanner(), hideAfter);
  }

  #hideBanner(): void {
    clearTimeout(this.#bannerTimer);
    this.#banner.classList.remove('show');
  }

  #say(text: string, tone = 'error'): void {
    this.#toast.textContent = text;
    this.#toast.className = `toast show ${tone}`;
    clearTimeout(this.#toastTimer);
    this.#toastTimer = setTimeout(() => this.#toast.classList.remove('show'), 4000);
  }

  #fail(text: string): void {
    this.#fatal = true;
    this.#socket?.close();
    this.#showBanner(text, '', 'void');
    this.#renderBets();
  }

  readonly #loop = (): void => {
    const now = this.#clock.now(Date.now());
    const round = this.#state.round;
    this.#view.frame(now);
    const timing = this.#state.table.timing;
    const length = round.phase === 'void' ? timing.result : timing[round.phase];
    this.#bar.style.transform = `scaleX(${phaseLeft(round.phaseEndsAt, length, now).toFixed(4)})`;
    const seconds = secondsLeft(round.phaseEndsAt, now);
    if (seconds !== this.#shownSeconds) {
      this.#shownSeconds = seconds;
      this.#seconds.textContent = String(seconds);
      this.#phaseBox.classList.toggle('hurry', round.phase === 'betting' && seconds <= 5);
      this.#phaseBox.setAttribute('aria-label', `${this.#phaseLabel.textContent} ${seconds}`);
      if (round.phase === 'betting' && seconds <= 0) this.#renderBets();
    }
    // Chips not sent yet go to the table by themselves just before betting closes.
    if (
      round.phase === 'betting' &&
      this.#book.actions.length > 0 &&
      this.#autoSent !== round.round &&
      round.phaseEndsAt - now < 1500
    ) {
      this.#autoSent = round.round;
      void this.#send();
    }
    requestAnimationFrame(this.#loop);
  };

  /* ---------------------------------------------------------------- socket */

  #connect(): void {
    if (this.#fatal) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${base}/ws`;
    const socket = new WebSocket(url);
    this.#socket = socket;
    socket.addEventListener('open', () => {
      this.#attempt = 0;
      this.#status.hidden = true;
    });
    socket.addEventListener('message', (event) => {
      try {
        this.apply(JSON.parse(String(event.data)) as LiveEvent);
      } catch {
        // A message this client does not understand: skip it.
      }
    });
    socket.addEventListener('close', () => {
      if (this.#socket !== socket || this.#fatal) return;
      this.#status.hidden = false;
      this.#status.textContent = t.reconnecting;
      const delay = backoff(this.#attempt, Math.random());
      this.#attempt += 1;
      setTimeout(() => void this.#reconnect(), delay);
    });
    socket.addEventListener('error', () => socket.close());
  }

  /** After a second failure, asks whether the session still exists before trying again. */
  async #reconnect(): Promise<void> {
    if (this.#attempt >= 2) {
      const state = await call<Snapshot>('/state');
      if (!state.ok && (state.status === 401 || state.status === 404 || state.code === 'SESSION_EXPIRED')) {
        this.#fail(t.errSessionExpired);
        return;
      }
      if (state.ok) this.apply(state.data);
    }
    this.#connect();
  }
}

async function main(): Promise<void> {
  const app = document.getElementById('app') as HTMLElement;
  document.documentElement.lang = lang;
  app.replaceChildren(h('p', { className: 'loading', role: 'status' }, t.connecting));
  const loaded = await call<Snapshot>('/state');
  if (!loaded.ok) {
    const text =
      loaded.code === 'SESSION_EXPIRED' || loaded.status === 401 || loaded.status === 404
        ? t.errSessionExpired
        : t.loadFailed;
    const lobby = boot.lobbyUrl
      ? h('a', { className: 'top-btn', href: boot.lobbyUrl, target: '_top' }, t.lobby)
      : null;
    app.replaceChildren(h('div', { className: 'fatal', role: 'alert' }, h('p', {}, text), lobby));
    app.removeAttribute('aria-busy');
    return;
  }
  new LiveTable(app, loaded.data);
}

void main();
