import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { elapsedForMultiplier, GROWTH_PER_MS, multiplierAt } from '../../games/crash/engine.ts';
import type { CrashRound } from '../../shared/api/crash.ts';

/**
 * The rocket graph (docs/api-games.md "Crash"): a canvas drawn from the shared formula
 * floor(100·e^(0.00006·t))/100 and the round's server start time, corrected by the clock offset.
 * 60 frames a second while visible; nothing while the tab is hidden; under reduced motion four
 * plain frames a second, without the rocket's trail.
 */

/** What the graph reads each frame (a ref, so frames never re-render React). */
export interface GraphInput {
  round: CrashRound | null;
  offset: number;
  reducedMotion: boolean;
}

const COLORS = {
  line: '#2dd4bf',
  crash: '#f43f5e',
  grid: 'rgba(148,163,184,0.15)',
  text: '#e2e8f0',
  muted: '#94a3b8',
};

/** The shown multiplier of a round now (hundredths), or null when it is not flying or crashed. */
export function shownMultiplier(round: CrashRound | null, now: number): number | null {
  if (!round) return null;
  if (round.status === 'crashed' && round.crash_point) return Math.round(Number(round.crash_point) * 100);
  if (round.status !== 'flight' || round.started_at === null) return null;
  return multiplierAt(Math.max(0, now - round.started_at));
}

export function CrashGraph({
  input,
  labels,
}: {
  input: { current: GraphInput };
  labels: { betting: string; crashed: string; waiting: string };
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const readout = useRef<HTMLOutputElement>(null);
  const labelRef = useRef(labels);
  labelRef.current = labels;

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    let frame = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    let lastText = '';

    const draw = () => {
      const { round, offset, reducedMotion } = input.current;
      const ratio = window.devicePixelRatio || 1;
      const width = element.clientWidth;
      const height = element.clientHeight;
      if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
        element.width = Math.round(width * ratio);
        element.height = Math.round(height * ratio);
      }
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      const now = Date.now() + offset;
      const pad = { left: 36, bottom: 24, top: 16, right: 16 };
      const plotW = Math.max(10, width - pad.left - pad.right);
      const plotH = Math.max(10, height - pad.top - pad.bottom);

      let text: string;
      let color = COLORS.text;
      let elapsed = 0;
      const crashed = round?.status === 'crashed' && round.crash_point !== null;
      if (round?.status === 'flight' && round.started_at !== null) {
        elapsed = Math.max(0, now - round.started_at);
        text = `${(multiplierAt(elapsed) / 100).toFixed(2)}×`;
      } else if (crashed) {
        elapsed = elapsedForMultiplier(Math.round(Number(round.crash_point) * 100));
        text = labelRef.current.crashed.replace('{{point}}', Number(round.crash_point).toFixed(2));
        color = COLORS.crash;
      } else if (round?.status === 'betting' && round.betting_ends_at !== null) {
        const left = Math.max(0, (round.betting_ends_at - now) / 1000);
        text = labelRef.current.betting.replace('{{seconds}}', left.toFixed(1));
        color = COLORS.muted;
      } else {
        text = labelRef.current.waiting;
        color = COLORS.muted;
      }

      // Axes: time to at least 10 s, the multiplier to at least 2×, both growing with the flight.
      const xMax = Math.max(10_000, elapsed * 1.15);
      const yMax = Math.max(2, Math.exp(GROWTH_PER_MS * elapsed) * 1.15);
      const x = (ms: number) => pad.left + (ms / xMax) * plotW;
      const y = (m: number) => pad.top + plotH - ((m - 1) / (yMax - 1)) * plotH;
      context.strokeStyle = COLORS.grid;
      context.fillStyle = COLORS.muted;
      context.lineWidth = 1;
      context.font = '11px system-ui, sans-serif';
      const step = yMax <= 3 ? 0.5 : yMax <= 10 ? 1 : 10 ** Math.floor(Math.log10(yMax - 1));
      for (let m = 1; m <= yMax; m += step) {
        context.beginPath();
        context.moveTo(pad.left, y(m));
        context.lineTo(pad.left + plotW, y(m));
        context.stroke();
        context.fillText(`${m.toFixed(m < 10 ? 1 : 0)}×`, 2, y(m) + 4);
      }

      if (elapsed > 0) {
        context.beginPath();
        const steps = 80;
        for (let i = 0; i <= steps; i += 1) {
          const ms = (elapsed * i) / steps;
          const px = x(ms);
          const py = y(Math.exp(GROWTH_PER_MS * ms));
          if (i === 0) context.moveTo(px, py);
          else context.lineTo(px, py);
        }
        context.strokeStyle = crashed ? COLORS.crash : COLORS.line;
        context.lineWidth = 3;
        context.stroke();
        const tipX = x(elapsed);
        const tipY = y(Math.exp(GROWTH_PER_MS * elapsed));
        if (!crashed) {
          // The rocket: a dot with a glow (no glow under reduced motion).
          if (!reducedMotion) {
            const glow = context.createRadialGradient(tipX, tipY, 0, tipX, tipY, 18);
            glow.addColorStop(0, 'rgba(45,212,191,0.6)');
            glow.addColorStop(1, 'rgba(45,212,191,0)');
            context.fillStyle = glow;
            context.fillRect(tipX - 18, tipY - 18, 36, 36);
          }
          context.fillStyle = COLORS.text;
          context.beginPath();
          context.arc(tipX, tipY, 5, 0, Math.PI * 2);
          context.fill();
        }
      }

      context.fillStyle = color;
      context.textAlign = 'center';
      context.font = `700 ${Math.max(28, Math.min(64, width / 9))}px system-ui, sans-serif`;
      context.fillText(text, pad.left + plotW / 2, pad.top + plotH / 2);
      context.textAlign = 'start';
      if (text !== lastText && readout.current) {
        readout.current.textContent = text;
        readout.current.dataset.status = round?.status ?? 'none';
        lastText = text;
      }
    };

    const loop = () => {
      draw();
      frame = requestAnimationFrame(loop);
    };
    const start = () => {
      stop();
      if (document.hidden) return;
      if (input.current.reducedMotion) timer = setInterval(draw, 250);
      else frame = requestAnimationFrame(loop);
      draw();
    };
    function stop() {
      cancelAnimationFrame(frame);
      clearInterval(timer);
    }
    start();
    document.addEventListener('visibilitychange', start);
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    motion.addEventListener('change', start);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', start);
      motion.removeEventListener('change', start);
    };
  }, [input]);

  return (
    <div className="cr-graph">
      <canvas ref={canvas} className="cr-canvas" role="img" aria-label={t('crashGame.graph')} />
      <output ref={readout} className="cr-readout" aria-live="off" data-testid="crash-multiplier" />
    </div>
  );
}
