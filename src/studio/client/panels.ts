/** The game client's dialogs: paytable & rules, provably fair seeds, autoplay settings. */
import type { BootData } from '../boot.ts';
import type { Strings } from './i18n.ts';

/** The page's boot data (src/studio/boot.ts). */
export type Boot = BootData;

export interface Fair {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export interface AutoSettings {
  count: number;
  /** Minor units; 0 = no limit. */
  lossLimit: number;
  winLimit: number;
}

/** A tiny element builder: tag, attributes/properties, children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'on')
      for (const [event, fn] of Object.entries(value as object)) el.addEventListener(event, fn);
    else if (key in el && !key.includes('-')) (el as unknown as Record<string, unknown>)[key] = value;
    else el.setAttribute(key, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

function dialog(t: Strings, title: string, ...body: (Node | string)[]): HTMLDialogElement {
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

export function showPaytable(t: Strings, boot: Boot, format: (minorOrMultiple: number) => string): void {
  const rules =
    boot.category === 'cascade'
      ? t.rulesCascade
      : boot.category === 'classic'
        ? t.rulesClassic
        : t.rulesVideo;
  const volatility = (t as unknown as Record<string, string>)[boot.volatility] ?? boot.volatility;
  const symbols = h(
    'div',
    { className: 'sym' },
    ...boot.symbols.map((symbol) =>
      h(
        'figure',
        {},
        h('img', { src: `/static/symbol/${boot.game}/${encodeURIComponent(symbol)}.svg`, alt: symbol }),
        h('figcaption', {}, symbol === 'W' ? 'WILD' : symbol === 'S' ? 'SCATTER' : symbol),
      ),
    ),
  );
  dialog(
    t,
    `${boot.name} — ${t.paytable}`,
    h(
      'dl',
      { className: 'facts' },
      h('dt', {}, t.rtp),
      h('dd', {}, `${boot.rtp}%`),
      h('dt', {}, t.volatility),
      h('dd', {}, volatility),
      h('dt', {}, t.hitFrequency),
      h('dd', {}, `${boot.hitFrequency}%`),
      h('dt', {}, t.maxWin),
      h('dd', {}, `×${format(boot.maxWin)}`),
    ),
    h('h3', {}, t.symbols),
    symbols,
    h('p', {}, rules.replace('{lines}', String(boot.lines))),
    boot.symbols.includes('W') ? h('p', {}, t.wild) : '',
    boot.symbols.includes('S') ? h('p', {}, t.scatter) : '',
    h('p', {}, t.rulesCommon),
  );
}

export interface FairActions {
  load(): Promise<Fair>;
  rotate(clientSeed?: string): Promise<{
    revealed: { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };
    current: Fair;
  }>;
  verifierUrl: string | null;
}

export async function showFairness(t: Strings, actions: FairActions): Promise<void> {
  const hash = h('div', { className: 'mono', 'data-testid': 'server-seed-hash' });
  const nonce = h('div', { className: 'mono' });
  const seed = h('input', { type: 'text', maxLength: 64, 'aria-label': t.clientSeed, spellcheck: false });
  const revealed = h('div', {});
  const fill = (fair: Fair) => {
    hash.textContent = fair.server_seed_hash;
    nonce.textContent = String(fair.nonce);
    seed.value = fair.client_seed;
  };
  const rotate = async (clientSeed?: string) => {
    const answer = await actions.rotate(clientSeed);
    fill(answer.current);
    revealed.replaceChildren(
      h('h3', {}, t.revealed),
      h(
        'div',
        { className: 'field' },
        t.serverSeed,
        h('div', { className: 'mono', 'data-testid': 'revealed-seed' }, answer.revealed.server_seed),
      ),
      h(
        'div',
        { className: 'field' },
        t.serverSeedHash,
        h('div', { className: 'mono' }, answer.revealed.server_seed_hash),
      ),
      h(
        'div',
        { className: 'field' },
        t.clientSeed,
        h('div', { className: 'mono' }, answer.revealed.client_seed),
      ),
      h(
        'div',
        { className: 'field' },
        t.betsMade,
        h('div', { className: 'mono' }, String(answer.revealed.nonce)),
      ),
    );
  };
  dialog(
    t,
    t.fairness,
    h('div', { className: 'field' }, t.serverSeedHash, hash),
    h('label', { className: 'field' }, t.clientSeed, seed),
    h('div', { className: 'field' }, t.nonce, nonce),
    h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          className: 'btn',
          type: 'button',
          on: { click: () => void rotate(seed.value.trim() || undefined) },
        },
        t.setSeed,
      ),
      h('button', { className: 'btn ghost', type: 'button', on: { click: () => void rotate() } }, t.rotate),
    ),
    revealed,
    h('p', {}, t.verifyHow),
    actions.verifierUrl
      ? h(
          'a',
          { className: 'btn ghost', href: actions.verifierUrl, target: '_blank', rel: 'noopener' },
          t.openVerifier,
        )
      : '',
  );
  fill(await actions.load());
}

export function showAutoplay(t: Strings, unit: string, start: (settings: AutoSettings) => void): void {
  const count = h(
    'select',
    { 'aria-label': t.spins },
    ...[10, 25, 50, 100, 500].map((n) => h('option', { value: String(n) }, String(n))),
  );
  const loss = h('input', {
    type: 'number',
    min: '0',
    step: 'any',
    inputMode: 'decimal',
    placeholder: t.noLimit,
  });
  const win = h('input', {
    type: 'number',
    min: '0',
    step: 'any',
    inputMode: 'decimal',
    placeholder: t.noLimit,
  });
  const toMinor = (input: HTMLInputElement) => {
    const value = Number(input.value);
    return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
  };
  const box = dialog(
    t,
    t.autoplay,
    h('label', { className: 'field' }, t.spins, count),
    h('label', { className: 'field' }, `${t.lossLimit} (${unit})`, loss),
    h('label', { className: 'field' }, `${t.winLimit} (${unit})`, win),
    h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          className: 'btn',
          type: 'button',
          'data-testid': 'autoplay-start',
          on: {
            click: () => {
              box.close();
              start({ count: Number(count.value), lossLimit: toMinor(loss), winLimit: toMinor(win) });
            },
          },
        },
        t.start,
      ),
    ),
  );
}
