/**
 * The table side of `npm run bench:live` (a child process): the studio with its live tables on a
 * clock the parent moves, a signed fake Wallet API, and demo seats at the roulette table. On
 * `{ advance: true }` it moves the clock to the end of the round's phase, answers the time it
 * started the step (`sentAt`), and steps the table, which announces the next phase to every viewer.
 */
import { ManualClock } from '../src/server/clock.ts';
import { startStudio } from '../src/studio/index.ts';
import { startFakeWallet } from '../tests/helpers/fake-wallet.ts';
import { gamesApi } from '../tests/helpers/studio.ts';

const SEATS = Number(process.env.BENCH_SEATS ?? 50);
const clock = new ManualClock(new Date());
const wallet = await startFakeWallet({ balance: 1_000_000_000, currency: 'RUB' });
const studio = await startStudio({
  walletUrl: wallet.url,
  operatorId: '42',
  operatorPublicKeyPem: wallet.operatorPublicKeyPem,
  clock,
  live: { schedule: false, chainLength: 2_000 },
});
wallet.setStudioKey(studio.publicKeyPem);
const sessions: string[] = [];
for (let i = 0; i < SEATS; i += 1) {
  const answer = await gamesApi(
    studio.url,
    'url',
    { operator_id: '42', game_code: 'orbita_live_roulette', currency: 'XXX', lang: 'en' },
    wallet.operatorPrivateKeyPem,
  );
  sessions.push(((await answer.json()) as { url: string }).url.split('/').at(-1)!);
}
const table = studio.live.get('roulette-1')!;
process.send?.({ url: studio.url, sessions });
process.on('message', async (message: { advance?: boolean; stop?: boolean }) => {
  if (message.stop) {
    await studio.close();
    await wallet.close();
    process.exit(0);
  }
  const round = await table.round();
  clock.set(Math.max(round?.phaseEndsAt ?? clock.now(), clock.now()));
  const sentAt = Date.now();
  await table.tick();
  process.send?.({ sentAt, rss: process.memoryUsage().rss });
});
