import type { FastifyInstance } from 'fastify';
import type { Currency } from '../../../shared/currencies.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';
import { requireUser } from '../auth/http.ts';
import { type UserRow, userById } from '../auth/repository.ts';
import type { AuthService } from '../auth/service.ts';
import { displayStatus, type KycService } from '../kyc/service.ts';
import { buildProfile } from './profile.ts';
import * as schema from './schemas.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  kyc: KycService;
}

/** The player's own profile, settings, passwords and sessions (spec §3, §7). Mounted under /api. */
export async function profileRoutes(app: FastifyInstance, { config, database, auth, kyc }: Deps) {
  /** spec §3 verification {is_need, data.status}, with the spec §4 display status. */
  const verificationOf = async (user: UserRow) => {
    const { raw } = await kyc.status(user.id);
    const status = displayStatus(raw);
    return {
      is_need: await kyc.isNeeded(user.id, user.currency as Currency | null),
      data: status ? { status } : null,
    };
  };
  const authenticated = { preHandler: requireUser(database, auth.keys) };
  const fresh = async (id: string) => {
    const user = await userById(database, id);
    if (!user) throw invalid('user', 'not_found');
    return buildProfile(database, user, await verificationOf(user));
  };

  app.get('/profile/user', authenticated, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = request.auth!.user;
    return { user: await buildProfile(database, user, await verificationOf(user)) };
  });

  app.put('/profile/settings', authenticated, async (request) => {
    const body = schema.settings.parse(request.body);
    const [[column, value]] = Object.entries(body).filter(([, v]) => v !== undefined) as [
      [string, string | boolean],
    ];
    const columns: Record<string, string> = {
      locale: 'locale',
      timezone: 'timezone',
      is_avatar_hidden: 'is_avatar_hidden',
      is_statistics_hidden: 'is_statistics_hidden',
    };
    await database.query(`update users set ${columns[column]} = $2, updated_at = now() where id = $1`, [
      request.auth!.user.id,
      value,
    ]);
    return { success: true, user: await fresh(request.auth!.user.id) };
  });

  app.post('/profile/currency', authenticated, async (request) => {
    const body = schema.currency.parse(request.body);
    // Once only: the conditional update makes two concurrent requests settle on one currency.
    const rows = await database.query(
      'update users set currency = $2, updated_at = now() where id = $1 and currency is null returning id',
      [request.auth!.user.id, body.currency],
    );
    if (rows.length === 0) throw invalid('currency', 'currency_already_set');
    return { success: true, user: await fresh(request.auth!.user.id) };
  });

  app.post('/password/update', authenticated, async (request) => {
    const body = schema.passwordUpdate.parse(request.body);
    await auth.updatePassword(
      request.auth!.user,
      request.auth!.sessionId,
      body.old_password,
      body.password,
      body.password_confirm,
    );
    return { success: true };
  });

  app.post('/api/v2/auth/password/set', authenticated, async (request) => {
    const body = schema.passwordSet.parse(request.body);
    await auth.setPassword(request.auth!.user, body.password, body.confirm_password);
    return { success: true };
  });

  app.post('/attachSource', authenticated, async (request) => {
    const body = schema.attachSource.parse(request.body ?? {});
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v));
    // First touch wins: values already recorded are kept, new keys are added.
    await database.query(
      'update users set attribution = $2::jsonb || attribution, updated_at = now() where id = $1',
      [request.auth!.user.id, JSON.stringify(given)],
    );
    return { success: true };
  });

  app.get('/profile/sessions', authenticated, async (request) => {
    const rows = await database.query<{
      id: string;
      user_agent: string | null;
      ip: string | null;
      created_at: Date;
      last_used_at: Date;
    }>(
      `select id, user_agent, ip, created_at, last_used_at from sessions
        where user_id = $1 and revoked_at is null order by last_used_at desc limit 50`,
      [request.auth!.user.id],
    );
    return { data: rows.map((row) => ({ ...row, current: row.id === request.auth!.sessionId })) };
  });

  app.delete('/profile/sessions/others', authenticated, async (request) => {
    const revoked = await auth.logoutOthers(request.auth!.user.id, request.auth!.sessionId);
    return { success: true, revoked };
  });

  if (config.env.NODE_ENV !== 'production') {
    // Development only: what would have been mailed or texted (spec: outbox without SMTP).
    app.get('/dev/outbox', async () => {
      const rows = await database.query(
        'select channel, recipient, subject, body, created_at, sent_at from outbox order by id desc limit 100',
      );
      return { data: rows };
    });
  }
}
