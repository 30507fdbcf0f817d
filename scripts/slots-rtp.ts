/**
 * `node scripts/slots-rtp.ts <game> <spins> [workers] [label]` (docs/slots-maths.md): plays `spins`
 * paid spins of an in-house slot with the engine and the real fairness stream (server seed fixed
 * below, client seed `<label>-<worker>` with label `rtp` by default, nonce = spin index) on worker threads, and prints the RTP with its
 * 99 % confidence interval, hit frequency, standard deviation of a spin's win (in stakes), the
 * feature's trigger rate and the largest win seen.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SLOT_SLUGS, type SlotSlug, spinSlot } from '../src/games/slots/index.ts';
import { nodeFloatSource } from '../src/games/slots/node.ts';
import { PAYS, payOf } from '../src/games/slots/sugar-storm.ts';

const SERVER_SEED = 'f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff000102030405060708090a0b0c0d0e0f';

interface Tally {
  spins: number;
  sum: number;
  sumSquares: number;
  hits: number;
  triggers: number;
  capped: number;
  max: number;
  /**
   * Pay-anywhere games: per pay `<symbol><tier>` (tier 0: 8-9, 1: 10-11, 2: 12+), how many times
   * it paid, each weighted by its multiplier. The spins do not depend on the pays, so the RTP of
   * any pay table over these spins is Σ pay × weight (docs/slots-maths.md "Sugar Storm").
   */
  weights: Record<string, number>;
}

function play(game: SlotSlug, clientSeed: string, from: number, to: number): Tally {
  const tally: Tally = {
    spins: 0,
    sum: 0,
    sumSquares: 0,
    hits: 0,
    triggers: 0,
    capped: 0,
    max: 0,
    weights: {},
  };
  for (let nonce = from; nonce < to; nonce += 1) {
    const result = spinSlot(game, nodeFloatSource(SERVER_SEED, clientSeed, nonce));
    const win = result.win / 100;
    tally.spins += 1;
    tally.sum += win;
    tally.sumSquares += win * win;
    if (win > 0) tally.hits += 1;
    if (result.steps.some((step) => step.kind === 'free')) tally.triggers += 1;
    if (result.capped) tally.capped += 1;
    if (win > tally.max) tally.max = win;
    for (const step of result.steps) {
      for (const w of step.wins) {
        if (w.kind !== 'anywhere') continue;
        const key = `${w.symbol}${w.count >= 12 ? 2 : w.count >= 10 ? 1 : 0}`;
        tally.weights[key] = (tally.weights[key] ?? 0) + w.win / payOf(w.symbol, w.count);
      }
    }
  }
  return tally;
}

/** The weights per spin, sorted; checked against the table in force (they must give the RTP). */
function weightsLine(total: Tally): string {
  const perSpin = Object.fromEntries(
    Object.entries(total.weights)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, v / total.spins]),
  );
  const rtp = Object.entries(perSpin).reduce(
    (sum, [k, w]) => sum + (PAYS[k.slice(0, -1)]?.[Number(k.slice(-1))] ?? 0) * w,
    0,
  );
  return `${JSON.stringify(perSpin)} (Σ pay × weight ${rtp.toFixed(4)} %)`;
}

if (isMainThread) {
  const [game, spinsText, workersText, label = 'rtp'] = process.argv.slice(2);
  if (!(SLOT_SLUGS as readonly string[]).includes(game ?? '') || !/^\d+$/.test(spinsText ?? '')) {
    process.stderr.write(
      `Usage: node scripts/slots-rtp.ts <${SLOT_SLUGS.join('|')}> <spins> [workers] [label]\n`,
    );
    process.exit(2);
  }
  const spins = Number(spinsText);
  const workers = Number(workersText ?? availableParallelism());
  const started = Date.now();
  const tallies = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const from = Math.floor((spins * index) / workers);
      const to = Math.floor((spins * (index + 1)) / workers);
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { game, clientSeed: `${label}-${index}`, from, to },
      });
      return new Promise<Tally>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }),
  );
  const total = tallies.reduce((a, b) => ({
    spins: a.spins + b.spins,
    sum: a.sum + b.sum,
    sumSquares: a.sumSquares + b.sumSquares,
    hits: a.hits + b.hits,
    triggers: a.triggers + b.triggers,
    capped: a.capped + b.capped,
    max: Math.max(a.max, b.max),
    weights: Object.fromEntries(
      [...new Set([...Object.keys(a.weights), ...Object.keys(b.weights)])].map((k) => [
        k,
        (a.weights[k] ?? 0) + (b.weights[k] ?? 0),
      ]),
    ),
  }));
  const mean = total.sum / total.spins;
  const sd = Math.sqrt(total.sumSquares / total.spins - mean * mean);
  const half = (2.5758 * sd) / Math.sqrt(total.spins);
  const pct = (x: number) => (x * 100).toFixed(4);
  process.stdout.write(
    [
      `game ${game}, ${total.spins} spins (client seeds ${label}-*) on ${workers} workers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `RTP ${pct(mean)} %, 99 % CI [${pct(mean - half)}, ${pct(mean + half)}] (±${pct(half)})`,
      `hit frequency ${pct(total.hits / total.spins)} %`,
      `standard deviation ${sd.toFixed(3)} stakes`,
      `feature every ${(total.spins / Math.max(total.triggers, 1)).toFixed(1)} spins (${total.triggers})`,
      `capped ${total.capped}, max win ${total.max}×`,
      ...(game === 'sugar-storm' ? [`pays' weights per spin ${weightsLine(total)}`] : []),
      '',
    ].join('\n'),
  );
} else {
  const { game, clientSeed, from, to } = workerData as {
    game: SlotSlug;
    clientSeed: string;
    from: number;
    to: number;
  };
  parentPort!.postMessage(play(game, clientSeed, from, to));
}
