import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/profile-routes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { accessClaimsOf, REFRESH_COOKIE, requestMeta, requireUser } from '../auth/http.ts';
import { recentMessages } from '../auth/outbox-repository.ts';
import { normalisePhone } from '../auth/phone.ts';
import { type UserRow, userById } from '../auth/repository.ts';
import type { AuthService } from '../auth/service.ts';
import type { SessionGate } from '../auth/session-gate.ts';
import { liveSessions } from '../auth/session-repository.ts';
import type { BonusService } from '../bonus/service.ts';
import { attachPlayerTouch } from '../edge/attribution-repository.ts';
import { displayStatus, type KycService } from '../kyc/service.ts';
import { featuresOf, setPlayerFeatures } from './features.ts';
import { buildProfile } from './profile.ts';
import { addAttribution, type Setting, setCurrencyOnce, updateSetting } from './repository.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  kyc: KycService;
  bonus: BonusService;
  /** Told of changes to a player's row: the routes that play keep it in memory. */
  sessionGate: SessionGate;
  operatorScope?: ((scope: FastifyInstance) => void) | undefined;
}

const ok = { success: true } as const;

/** The player's own profile, settings, passwords and sessions (docs/api-auth.md). Mounted under /api. */
export async function profileRoutes(
  app: FastifyInstance,
  { config, database, auth, kyc, bonus, sessionGate, operatorScope }: Deps,
) {
  const defaultFeatures = config.env.DEFAULT_PLAYER_FEATURES;
  /** The profile's `verification`: whether it is needed, and the case's display status. */
  const verificationOf = async (user: UserRow) => {
    const { raw } = await kyc.status(user.id);
    const status = displayStatus(raw);
    return {
      is_need: await kyc.isNeeded(user.id, user.currency as Currency | null),
      data: status ? { status } : null,
    };
  };
  const profileOf = async (user: UserRow) =>
    buildProfile(database, user, await verificationOf(user), defaultFeatures);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run before validation, so a call without a token is a 401 whatever its body.
  const authenticated = { preValidation: requireUser(database, auth.keys) };
  /** A player's route: the guard, then its declaration (ROUTES in src/shared/api/profile-routes.ts). */
  const player = <K extends keyof typeof ROUTES>(key: K) => ({
    ...authenticated,
    schema: routeSchema(ROUTES[key]),
  });
  const fresh = async (id: string) => {
    const user = await userById(database, id);
    if (!user) throw invalid('user', 'not_found');
    return profileOf(user);
  };

  api.get('/profile/user', player('GET /profile/user'), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = request.auth!.user;
    // whoAreYou: the super_bonus cookie's device id (docs/bonuses.md "super_bonus"); anything else is ignored.
    const device = request.query.whoAreYou;
    const superBonus =
      typeof device === 'string' && /^[\w-]{8,64}$/.test(device)
        ? await bonus.superBonus(user, device)
        : undefined;
    const claims = await accessClaimsOf(request, auth.keys);
    const freshToken = claims
      ? await auth.sessions.freshAccessToken(claims, request.cookies[REFRESH_COOKIE])
      : null;
    return {
      user: await profileOf(user),
      ...(freshToken ? { fresh_token: freshToken } : {}),
      ...(superBonus === undefined ? {} : { super_bonus: superBonus }),
    };
  });

  api.put('/profile/settings', player('PUT /profile/settings'), async (request) => {
    const [[setting, value]] = Object.entries(request.body).filter(([, v]) => v !== undefined) as [
      [Setting, string | boolean | null],
    ];
    await updateSetting(database, request.auth!.user.id, setting, value);
    await sessionGate.usersChanged([request.auth!.user.id]);
    return { success: true, user: await fresh(request.auth!.user.id) };
  });

  api.post('/profile/currency', player('POST /profile/currency'), async (request) => {
    if (!(await setCurrencyOnce(database, request.auth!.user.id, request.body.currency)))
      throw invalid('currency', 'currency_already_set');
    await sessionGate.usersChanged([request.auth!.user.id]);
    return { success: true, user: await fresh(request.auth!.user.id) };
  });

  // Adding a phone number (docs/api-auth.md "Display names and phone numbers").
  api.post('/profile/phone', player('POST /profile/phone'), async (request) => {
    const phone = normalisePhone(request.body.phone, request.body.country ?? 'RU');
    if (!phone) throw invalid('phone', 'invalid_phone');
    const user = request.auth!.user;
    await auth.verification.addPhone(user, phone, requestMeta(request, config.env));
    await sessionGate.usersChanged([user.id]);
    return { success: true, user: await fresh(user.id) };
  });

  api.post('/password/update', player('POST /password/update'), async (request) => {
    const { body } = request;
    const { user, sessionId } = request.auth!;
    await auth.passwords.update(user, sessionId, body.old_password, body.password, body.password_confirm);
    return ok;
  });

  api.post('/api/v2/auth/password/set', player('POST /api/v2/auth/password/set'), async (request) => {
    await auth.passwords.set(request.auth!.user, request.body.password, request.body.confirm_password);
    return ok;
  });

  api.post('/attachSource', player('POST /attachSource'), async (request) => {
    const { body } = request;
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v)) as Record<string, string>;
    const user = request.auth!.user;
    await addAttribution(database, user.id, given);
    // The player's first and last touch, for the affiliate report (docs/edge.md).
    await attachPlayerTouch(database, { id: user.id, attribution: user.attribution }, body);
    return ok;
  });

  api.get('/profile/sessions', player('GET /profile/sessions'), async (request) => {
    const rows = await liveSessions(database, request.auth!.user.id);
    return { data: rows.map((row) => ({ ...row, current: row.id === request.auth!.sessionId })) };
  });

  api.delete('/profile/sessions/others', player('DELETE /profile/sessions/others'), async (request) => {
    const revoked = await auth.sessions.logoutOthers(request.auth!.user.id, request.auth!.sessionId);
    return { ...ok, revoked };
  });

  // ── operator API: a player's features (docs/api-auth.md "Features") ──
  if (operatorScope) {
    await app.register(async (scope) => {
      operatorScope(scope);
      const op = scope.withTypeProvider<ZodTypeProvider>();
      const answer = (userId: string, features: string[] | null) => ({
        data: {
          user_id: userId,
          features: featuresOf({ features }, defaultFeatures),
          custom: features !== null,
        },
      });
      op.get(
        '/operator/players/:userId/features',
        { schema: routeSchema(ROUTES['GET /operator/players/:userId/features']) },
        async (request) => {
          const user = await userById(database, request.params.userId);
          if (!user) throw fail('not_found', 'user', 'not_found');
          return answer(user.id, user.features);
        },
      );
      op.put(
        '/operator/players/:userId/features',
        { schema: routeSchema(ROUTES['PUT /operator/players/:userId/features']) },
        async (request) => {
          const { userId } = request.params;
          const changed = await setPlayerFeatures(database, userId, request.body.features);
          if (!changed) throw fail('not_found', 'user', 'not_found');
          await sessionGate.usersChanged([userId]);
          return answer(userId, changed.after);
        },
      );
    });
  }

  if (config.env.NODE_ENV !== 'production') {
    // Development only: what would have been mailed or texted (the outbox without SMTP).
    api.get('/dev/outbox', { schema: routeSchema(ROUTES['GET /dev/outbox']) }, async () => ({
      data: await recentMessages(database),
    }));
  }
}
