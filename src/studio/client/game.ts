/**
 * The slot game client (served with its types stripped): the balance, the bet selector, the spin
 * button, turbo and autoplay, the feature bar, and the dialogs. It talks only to the studio:
 * GET /play/:session/state, POST /play/:session/spin, the fairness endpoints.
 */
import type { SpinResult } from '../../games/slots/types.ts';
import { stringsFor } from './i18n.ts';
import {
  type AutoSettings,
  type Boot,
  type Fair,
  h,
  showAutoplay,
  showFairness,
  showPaytable,
} from './panels.ts';
import { Reels } from './reels.ts';

interface State {
  mode: 'real' | 'demo';
  currency: string;
  balance: string;
  bet_levels: string[];
  default_bet: string;
  lobby_url: string | null;
  fair: Fair;
}

interface SpinAnswer {
  result: SpinResult;
  balance: string;
  payout: string;
  fair: Fair;
}

const ICONS = {
  info: '<svg viewBox="0 0 24 24"><path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 100 20 10 10 0 000-20z"/></svg>',
  shield:
    '<svg viewBox="0 0 24 24"><path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5zm-1.2 13.4l6-6-1.4-1.4-4.6 4.6-2.2-2.2-1.4 1.4z"/></svg>',
  sound:
    '<svg viewBox="0 0 24 24"><path d="M4 9v6h4l5 5V4L8 9zm12.5 3a4.5 4.5 0 00-2.5-4v8a4.5 4.5 0 002.5-4z"/></svg>',
  mute: '<svg viewBox="0 0 24 24"><path d="M4 9v6h4l5 5V4L8 9zm15.6 3l2.1-2.1-1.4-1.4-2.1 2.1-2.1-2.1-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4z"/></svg>',
  back: '<svg viewBox="0 0 24 24"><path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z"/></svg>',
  spin: '<svg viewBox="0 0 24 24"><path d="M12 4V1L8 5l4 4V6a6 6 0 11-6 6H4a8 8 0 108-8z"/></svg>',
  bolt: '<svg viewBox="0 0 24 24"><path d="M13 2L4 14h7l-1 8 9-12h-7z"/></svg>',
  auto: '<svg viewBox="0 0 24 24"><path d="M12 6v3l4-4-4-4v3a8 8 0 00-6.8 12.2l1.5-1.5A6 6 0 0112 6zm6.8 1.8l-1.5 1.5A6 6 0 0112 18v-3l-4 4 4 4v-3a8 8 0 006.8-12.2z"/></svg>',
};

const icon = (name: keyof typeof ICONS) => {
  const span = document.createElement('span');
  span.innerHTML = ICONS[name];
  return span.firstChild as SVGElement;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const boot = JSON.parse(document.getElementById('boot')?.textContent ?? '{}') as Boot;
const { t, tag } = stringsFor(boot.lang);
const base = `/play/${encodeURIComponent(boot.session)}`;

async function api<T>(
  path: string,
  body?: unknown,
): Promise<{ ok: true; data: T } | { ok: false; code: string; balance?: string }> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    return response.ok
      ? { ok: true, data: data as T }
      : { ok: false, code: data.code ?? 'ERROR', balance: data.balance };
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
}

let audio: AudioContext | undefined;
let soundOn = false;
function blip(frequency: number, ms = 90): void {
  if (!soundOn) return;
  audio ??= new AudioContext();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = frequency;
  osc.type = 'triangle';
  gain.gain.setValueAtTime(0.12, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + ms / 1000);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + ms / 1000);
}

async function main(): Promise<void> {
  const app = document.getElementById('app') as HTMLDivElement;
  const loaded = await api<State>('/state');
  if (!loaded.ok) {
    const message =
      loaded.code === 'SESSION_EXPIRED'
        ? t.sessionExpired
        : loaded.code === 'NETWORK'
          ? t.network
          : t.walletUnavailable;
    app.replaceChildren(h('p', { className: 'feature', role: 'alert' }, message));
    return;
  }
  const state = loaded.data;
  const demo = state.mode === 'demo';
  const money = demo
    ? new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : new Intl.NumberFormat(tag, { style: 'currency', currency: state.currency });
  const fmt = (minor: number | bigint) => {
    const text = money.format(Number(minor) / 100);
    return demo ? `${text} ${t.fun}` : text;
  };
  const multiple = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  let balance = BigInt(state.balance);
  const levels = state.bet_levels.map(BigInt);
  let betIndex = Math.max(0, state.bet_levels.indexOf(state.default_bet));
  let turbo = false;
  let busy = false;
  let auto: (AutoSettings & { left: number; startBalance: bigint }) | undefined;

  const balanceOut = h('output', { 'data-testid': 'balance' });
  const betOut = h('output', { 'data-testid': 'bet' });
  const winOut = h('output', { 'data-testid': 'win' }, '—');
  const feature = h('div', { className: 'feature', hidden: true, 'aria-live': 'polite' });
  const banner = h('div', { className: 'banner', 'aria-live': 'polite' });
  const toast = h('div', { className: 'toast', role: 'alert' });
  const frame = h('div', { className: 'frame' });
  const spinButton = h('button', {
    className: 'spin',
    type: 'button',
    'aria-label': t.spin,
    'data-testid': 'spin',
  });
  const betDown = h('button', { className: 'round', type: 'button', 'aria-label': `${t.bet} −` }, '−');
  const betUp = h('button', { className: 'round', type: 'button', 'aria-label': `${t.bet} +` }, '+');
  const turboButton = h(
    'button',
    { className: 'round', type: 'button', 'aria-label': t.turbo, title: t.turbo, 'aria-pressed': 'false' },
    icon('bolt'),
  );
  const autoButton = h(
    'button',
    { className: 'round', type: 'button', 'aria-label': t.autoplay, title: t.autoplay },
    icon('auto'),
  );
  const soundButton = h(
    'button',
    { className: 'chip', type: 'button', 'aria-pressed': 'false', title: t.sound, 'aria-label': t.sound },
    icon('mute'),
  );
  const lobby = state.lobby_url ?? boot.lobbyUrl;

  const render = () => {
    balanceOut.textContent = fmt(balance);
    betOut.textContent = fmt(levels[betIndex] ?? 0n);
    const locked = busy || auto !== undefined;
    betDown.disabled = locked || betIndex === 0;
    betUp.disabled = locked || betIndex === levels.length - 1;
    autoButton.disabled = locked;
    spinButton.classList.toggle('busy', busy && !auto);
    spinButton.disabled = busy && !auto;
    spinButton.replaceChildren(auto ? h('span', { className: 'count' }, String(auto.left)) : icon('spin'));
    spinButton.setAttribute('aria-label', auto ? `${t.stop} (${auto.left} ${t.left})` : t.spin);
  };
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string) => {
    toast.textContent = text;
    toast.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => toast.classList.remove('show'), 4000);
  };

  app.replaceChildren(
    h(
      'header',
      { className: 'top' },
      lobby
        ? h(
            'a',
            { className: 'chip', href: lobby, target: '_top', 'aria-label': t.lobby },
            icon('back'),
            h('span', { className: 'label' }, t.lobby),
          )
        : null,
      h('h1', {}, boot.name),
      demo ? h('span', { className: 'demo', 'data-testid': 'demo-badge' }, t.demo) : null,
      soundButton,
      h(
        'button',
        {
          className: 'chip',
          type: 'button',
          title: t.paytable,
          'aria-label': t.paytable,
          on: { click: () => showPaytable(t, boot, (n) => multiple.format(n / 100)) },
        },
        icon('info'),
      ),
      h(
        'button',
        {
          className: 'chip',
          type: 'button',
          title: t.fairness,
          'aria-label': t.fairness,
          on: { click: () => void openFairness() },
        },
        icon('shield'),
      ),
    ),
    h('main', { className: 'stage' }, feature, frame, banner),
    h(
      'footer',
      { className: 'controls' },
      h(
        'div',
        { className: 'left' },
        h('div', { className: 'meter' }, h('label', {}, t.balance), balanceOut),
      ),
      h(
        'div',
        { className: 'center' },
        h(
          'div',
          { className: 'betbox' },
          betDown,
          h('div', { className: 'meter' }, h('label', {}, t.bet), betOut),
          betUp,
        ),
        turboButton,
        spinButton,
        autoButton,
      ),
      h('div', { className: 'right' }, h('div', { className: 'meter' }, h('label', {}, t.win), winOut)),
    ),
    toast,
  );
  app.removeAttribute('aria-busy');
  const reels = new Reels(frame, boot.game, boot.symbols, boot.reels, boot.rows);

  const openFairness = () =>
    showFairness(t, {
      load: async () => {
        const answer = await api<{ current: Fair }>('/fairness');
        return answer.ok ? answer.data.current : state.fair;
      },
      rotate: async (clientSeed) => {
        const answer = await api<Awaited<ReturnType<Parameters<typeof showFairness>[1]['rotate']>>>(
          '/fairness/rotate',
          clientSeed ? { client_seed: clientSeed } : {},
        );
        if (!answer.ok) throw new Error(answer.code);
        return answer.data;
      },
      verifierUrl: lobby ? `${new URL(lobby).origin}/fairness` : null,
    });

  const errorText = (code: string) =>
    ({
      NOT_ENOUGH_MONEY: t.notEnough,
      SESSION_EXPIRED: t.sessionExpired,
      WALLET_REFUSED: t.walletRefused,
      WALLET_UNAVAILABLE: t.walletUnavailable,
    })[code] ?? t.network;

  /** One paid spin, animated; the payout in minor units, or undefined when it was refused. */
  const spin = async (): Promise<bigint | undefined> => {
    const bet = levels[betIndex] ?? 0n;
    busy = true;
    banner.classList.remove('show');
    winOut.textContent = '—';
    const before = balance;
    if (balance >= bet) balance -= bet;
    render();
    blip(320, 60);
    const answer = await api<SpinAnswer>('/spin', { bet: bet.toString() });
    if (!answer.ok) {
      balance = answer.balance !== undefined ? BigInt(answer.balance) : before;
      busy = false;
      render();
      say(errorText(answer.code));
      return undefined;
    }
    const { result } = answer.data;
    let total = 0;
    for (const [i, step] of result.steps.entries()) {
      if (step.kind === 'free' || step.freeSpinsLeft > 0 || step.freeSpinsAwarded > 0) {
        feature.hidden = false;
        feature.textContent = `${t.freeSpins}: ${step.freeSpinsLeft} · ×${step.multiplier}`;
      }
      const previous = result.steps[i - 1];
      if (step.kind === 'cascade' && previous) await reels.cascadeTo(previous, step, turbo);
      else await reels.spinTo(step.grid, turbo);
      blip(220, 40);
      if (step.wins.length > 0) {
        reels.showWins(step.wins);
        total += step.wins.reduce((sum, win) => sum + win.win, 0);
        winOut.textContent = fmt((bet * BigInt(Math.min(total, result.win || total))) / 100n);
        blip(660, 120);
        await wait(turbo ? 300 : 750);
      }
    }
    feature.hidden = true;
    const payout = BigInt(answer.data.payout);
    winOut.textContent = payout > 0n ? fmt(payout) : '—';
    if (result.win >= 1000) {
      banner.replaceChildren(result.win >= 2000 ? t.bigWin : t.totalWin, h('b', {}, fmt(payout)));
      banner.classList.add('show');
      blip(880, 200);
    }
    balance = BigInt(answer.data.balance);
    state.fair = { ...answer.data.fair, nonce: answer.data.fair.nonce + 1 };
    busy = false;
    render();
    return payout;
  };

  const runAuto = async () => {
    while (auto && auto.left > 0) {
      auto.left -= 1;
      render();
      const payout = await spin();
      if (payout === undefined || !auto) break;
      if (auto.lossLimit > 0 && auto.startBalance - balance >= BigInt(auto.lossLimit)) break;
      if (auto.winLimit > 0 && payout >= BigInt(auto.winLimit)) break;
      await wait(turbo ? 120 : 350);
    }
    auto = undefined;
    render();
  };

  spinButton.addEventListener('click', () => {
    if (auto) {
      auto = undefined;
      render();
    } else if (!busy) void spin();
  });
  betDown.addEventListener('click', () => {
    betIndex = Math.max(0, betIndex - 1);
    render();
  });
  betUp.addEventListener('click', () => {
    betIndex = Math.min(levels.length - 1, betIndex + 1);
    render();
  });
  turboButton.addEventListener('click', () => {
    turbo = !turbo;
    turboButton.setAttribute('aria-pressed', String(turbo));
  });
  soundButton.addEventListener('click', () => {
    soundOn = !soundOn;
    soundButton.setAttribute('aria-pressed', String(soundOn));
    soundButton.replaceChildren(icon(soundOn ? 'sound' : 'mute'));
    blip(520);
  });
  autoButton.addEventListener('click', () =>
    showAutoplay(t, demo ? t.fun : state.currency, (settings) => {
      auto = { ...settings, left: settings.count, startBalance: balance };
      void runAuto();
    }),
  );
  document.addEventListener('keydown', (event) => {
    if (
      event.code === 'Space' &&
      !(event.target instanceof HTMLInputElement) &&
      !document.querySelector('dialog[open]')
    ) {
      event.preventDefault();
      if (!busy && !auto) void spin();
    }
  });
  render();
}

void main();
