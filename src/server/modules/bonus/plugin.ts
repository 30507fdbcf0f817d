import { registerApiRoutes } from '../../http/api-routes.ts';
import { Periodic } from '../../periodic.ts';
import { modulePlugin } from '../module.ts';
import { BonusOperator } from './operator.ts';
import { bonusRoutes } from './routes.ts';
import { BonusService } from './service.ts';

/** What the bonus module offers the modules above it and the site. */
export interface BonusModule {
  service: BonusService;
}

declare module 'fastify' {
  interface FastifyInstance {
    bonus: BonusModule;
  }
}

/** Bonuses, promo codes and the VIP club (docs/bonuses.md). */
export const bonusModule = modulePlugin('bonus', ['auth', 'ledger'], async (app, context) => {
  const { config, database, clock, log } = context;
  const service = new BonusService(
    database,
    {
      perPlayer: config.env.PROMO_TRIES_PER_MINUTE,
      perAddress: config.env.PROMO_TRIES_PER_MINUTE_PER_ADDRESS,
      lookupMissesPerAddress: config.env.PROMO_LOOKUP_MISSES_PER_MINUTE_PER_ADDRESS,
    },
    clock,
  );
  // A promo code sent with a registration is this module's to check and redeem.
  app.auth.registrationPromos.use(service);
  // Forfeits bonuses past their deadline (reads of a player's bonuses do it for them as well).
  const expiry = new Periodic(() => service.expireDue(null), log, 'bonus expiry sweep failed');
  expiry.start(60_000);
  app.addHook('onClose', async () => expiry.stop());
  app.decorate('bonus', { service } satisfies BonusModule);
  await registerApiRoutes(app, 'bonus', bonusRoutes, {
    database,
    keys: app.auth.keys,
    bonus: service,
    operator: new BonusOperator(database),
    events: app.ledger.events,
    operatorScope: context.operatorScope,
  });
});
