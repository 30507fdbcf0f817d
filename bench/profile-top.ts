/**
 * `node bench/profile-top.ts <file.cpuprofile> [count]`: the top entries of a V8 CPU profile by self
 * time (as `node --cpu-prof` writes them, e.g. `BENCH_CPU_PROF=/tmp/prof npm run bench:games`),
 * each function with its file and line, and the share of all sampled time.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const [file, countArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-top.ts <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  total += micros;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/src\//, 'src/')}:${lineNumber + 1}`
    : '';
  const label = `${functionName || '(anonymous)'} ${where}`.trim();
  byFunction.set(label, (byFunction.get(label) ?? 0) + micros);
}
const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 25));
console.log(`total sampled ${(total / 1e6).toFixed(2)} s`);
for (const [label, micros] of top)
  console.log(
    `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${label}`,
  );
