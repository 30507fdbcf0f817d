import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/config-routes.ts';
import { CURRENCIES } from '../../../shared/currencies.ts';
import type { AppConfig } from '../../config.ts';
import { publicCurrency } from '../../currency-table.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { parseProviders } from '../auth/social.ts';

/** Public business configuration: currencies with limits (docs/configuration.md), locales and defaults. */
export async function configRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const currencies = CURRENCIES.map((code) =>
    publicCurrency(config.currencies[code], config.maxProfit[code]),
  );
  const publicConfig = {
    defaults: {
      currency: config.defaults.currency,
      locale: config.defaults.locale,
      fallback_locale: config.defaults.fallbackLanguageTag,
    },
    locales: [...config.site.locales],
    locale_strategy: config.site.strategy,
    level_minimum: config.levelMinimum,
    /** Social login buttons to show (names of OIDC_PROVIDERS; PUT /auth/login takes them). */
    social_providers: parseProviders(config.env.OIDC_PROVIDERS).map((p) => p.name),
    timing: config.timing,
  };
  const cache = { 'cache-control': 'public, max-age=60' };
  api.get(
    '/config/currencies',
    {
      schema: routeSchema(ROUTES['GET /config/currencies']),
    },
    async (_request, reply) => reply.headers(cache).send({ data: currencies }),
  );
  api.get(
    '/config',
    {
      schema: routeSchema(ROUTES['GET /config']),
    },
    async (_request, reply) => reply.headers(cache).send({ data: { ...publicConfig, currencies } }),
  );
}
