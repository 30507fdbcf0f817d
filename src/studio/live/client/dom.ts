/**
 * The live client's DOM helpers: an element builder (text children become text nodes, never
 * markup), an SVG builder, the icons (constant markup of our own), reduced motion, and a tiny
 * sound (off until the viewer turns it on).
 */

type Child = Node | string | null | undefined | false;

/** A tiny element builder: tag, attributes/properties (`on` adds listeners), children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'on')
      for (const [event, fn] of Object.entries(value as object)) el.addEventListener(event, fn);
    else if (key === 'style') el.setAttribute('style', String(value));
    else if (key in el && !key.includes('-')) (el as unknown as Record<string, unknown>)[key] = value;
    else el.setAttribute(key, String(value));
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | undefined> = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs))
    if (value !== undefined) el.setAttribute(key, String(value));
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

const ICONS = {
  back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z',
  shield: 'M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5zm-1.2 13.4l6-6-1.4-1.4-4.6 4.6-2.2-2.2-1.4 1.4z',
  sound: 'M4 9v6h4l5 5V4L8 9zm12.5 3a4.5 4.5 0 00-2.5-4v8a4.5 4.5 0 002.5-4z',
  mute: 'M4 9v6h4l5 5V4L8 9zm15.6 3l2.1-2.1-1.4-1.4-2.1 2.1-2.1-2.1-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 100 20 10 10 0 000-20z',
  undo: 'M12.5 8c-2.6 0-5 1-6.9 2.6L2 7v9h9l-3.6-3.6A8 8 0 0120.5 16l2.4-.8A10.5 10.5 0 0012.5 8z',
  clear: 'M6 19a2 2 0 002 2h8a2 2 0 002-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z',
  repeat: 'M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z',
  double:
    'M3 17h4v-2H5v-1.2l2.6-2.3c.9-.8 1.4-1.5 1.4-2.5C9 7.6 7.9 6.5 6 6.5S3 7.6 3 9h2c0-.6.4-1 1-1s1 .4 1 1-.3.8-.9 1.4L3 13.2zm8-9l2.5 3.5L11 15h2.3l1.4-2.1 1.4 2.1h2.3l-2.5-3.5L18.4 8h-2.3l-1.4 2.1L13.3 8z',
  check: 'M9 16.2L4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  eye: 'M12 4.5C7 4.5 2.7 7.6 1 12c1.7 4.4 6 7.5 11 7.5s9.3-3.1 11-7.5c-1.7-4.4-6-7.5-11-7.5zM12 17a5 5 0 110-10 5 5 0 010 10zm0-8a3 3 0 100 6 3 3 0 000-6z',
  send: 'M2 21l21-9L2 3v7l15 2-15 2z',
  copy: 'M16 1H4a2 2 0 00-2 2v14h2V3h12zm3 4H8a2 2 0 00-2 2v14a2 2 0 002 2h11a2 2 0 002-2V7a2 2 0 00-2-2zm0 16H8V7h11z',
} as const;

export type IconName = keyof typeof ICONS;

export const icon = (name: IconName): SVGSVGElement =>
  s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, s('path', { d: ICONS[name] }));

const motionQuery = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
const phoneQuery = globalThis.matchMedia?.('(max-width: 760px)');

export const reducedMotion = (): boolean => motionQuery?.matches ?? false;

/** Whether the phone layout is on (the CSS switches at the same width). */
export const phoneLayout = (): boolean => phoneQuery?.matches ?? false;

let audio: AudioContext | undefined;
let soundOn = false;

export const setSound = (on: boolean): void => {
  soundOn = on;
};

/** A short tone, only when the viewer turned the sound on. */
export function blip(frequency: number, ms = 90, type: OscillatorType = 'triangle'): void {
  if (!soundOn) return;
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    osc.type = type;
    gain.gain.setValueAtTime(0.1, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
  } catch {
    // No audio: stay silent.
  }
}

/** Chip colours by the chip's place among the table's values. */
export const CHIP_COLORS = [
  '#e5e7eb',
  '#ef4444',
  '#22c55e',
  '#3b82f6',
  '#111827',
  '#a855f7',
  '#f59e0b',
  '#ec4899',
];

/** The colour of the biggest table chip not above `amount`. */
export function chipColor(amount: bigint, chips: readonly bigint[]): string {
  let index = 0;
  chips.forEach((value, i) => {
    if (value <= amount) index = i;
  });
  return CHIP_COLORS[index % CHIP_COLORS.length]!;
}
