import { $instantPlay } from './motion.ts';
import { $sound } from './prefs.ts';

export type SoundName = 'bet' | 'win' | 'lose' | 'tick';

/** Frequency (Hz), length (s) and a second tone for a two-note blip. */
const TONES: Record<SoundName, { freq: number; length: number; second?: number; type: OscillatorType }> = {
  bet: { freq: 420, length: 0.06, type: 'triangle' },
  tick: { freq: 1200, length: 0.025, type: 'square' },
  win: { freq: 660, length: 0.09, second: 990, type: 'triangle' },
  lose: { freq: 260, length: 0.12, second: 196, type: 'sine' },
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

function blip(ctx: AudioContext, freq: number, type: OscillatorType, start: number, length: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  // A short attack and release: no clicks, and quiet enough to repeat during auto-bet.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.08, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A tiny WebAudio blip; silent when the player turned sound off or the browser has no audio. */
export function playSound(name: SoundName): void {
  if (!$sound.get()) return;
  // Instant auto-bet: no bet and tick blips ten times a second, only each result's.
  if ($instantPlay.get() && (name === 'bet' || name === 'tick')) return;
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume();
    const tone = TONES[name];
    const now = ctx.currentTime;
    blip(ctx, tone.freq, tone.type, now, tone.length);
    if (tone.second) blip(ctx, tone.second, tone.type, now + tone.length, tone.length * 1.4);
  } catch {
    // Audio is decoration: never let it break a bet.
  }
}
