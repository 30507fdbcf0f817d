import { createSecretKey, randomBytes } from 'node:crypto';
import type { AppConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import type { UserRow } from '../src/server/modules/auth/repository.ts';
import { userById } from '../src/server/modules/auth/repository.ts';
import type { GamesDeps } from '../src/server/modules/games/deps.ts';
import { post } from '../src/server/modules/ledger/ledger.ts';
import { createMemoryBus } from '../src/server/realtime/bus.ts';

/** `count` RUB players written straight to the database, each given `cash` minor units by the house. */
export async function fundedUsers(
  database: Database,
  count: number,
  { cash, prefix, batch = 16 }: { cash: bigint; prefix: string; batch?: number },
): Promise<UserRow[]> {
  const one = async (i: number) => {
    const [row] = await database.query<{ id: string }>(
      `insert into users (email, register_method, currency) values ($1, 'email', 'RUB') returning id::text`,
      [`${prefix}.${Date.now()}.${i}@example.com`],
    );
    await post(database, {
      idempotencyKey: `${prefix}-fund-${row!.id}`,
      kind: 'adjustment',
      currency: 'RUB',
      request: {},
      postings: [
        { account: { system: 'house' }, amount: -cash },
        { account: { userId: row!.id, kind: 'cash' }, amount: cash },
      ],
      answer: () => null,
    });
    return (await userById(database, row!.id))!;
  };
  const users: UserRow[] = [];
  for (let i = 0; i < count; i += batch)
    users.push(
      ...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => one(i + j)))),
    );
  return users;
}

/** What the games and rooms modules need, in-process: no feeds or balances published anywhere. */
export function gamesDeps(config: AppConfig, database: Database): GamesDeps {
  return {
    config,
    database,
    bus: createMemoryBus(),
    publishBalances: () => {},
    aliasKey: createSecretKey(randomBytes(32)),
    log: { error: (context: Record<string, unknown>, message: string) => console.error(message, context) },
  };
}
