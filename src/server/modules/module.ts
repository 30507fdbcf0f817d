import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type Clock, systemClock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { operatorGuard } from '../http/operator.ts';
import { sharedPlugin } from '../http/plugin.ts';
import type { Bus } from '../realtime/bus.ts';
import type { ServerModule } from './order.ts';

/**
 * The shape of every server module (docs/architecture.md "Layers"): one plugin, `plugin.ts` of
 * the module's folder. It builds the module's services from the shared context below and from the
 * services of the modules under it (their decorations: `app.auth`, `app.ledger`, …), decorates the
 * instance with the bag of services it offers the modules above it (under its own name), and
 * registers its routes under /api through `registerApiRoutes` (src/server/http/api-routes.ts).
 * Its timers stop in an onClose hook. app.ts registers the plugins in SERVER_MODULES order.
 */
export interface ModuleContext {
  config: AppConfig;
  database: Database;
  bus: Bus;
  /** The server's time (src/server/clock.ts): tests move it instead of sleeping. */
  clock: Clock;
  log: FastifyBaseLogger;
  /** Guards the operator routes; absent when no OPERATOR_API_TOKEN is configured. */
  operatorScope: ((scope: FastifyInstance) => void) | undefined;
}

/** The context of the app's modules: its config, database, bus, clock and logger. */
export function contextOf(app: FastifyInstance): ModuleContext {
  const { config, database, bus, clock = systemClock } = app.deps;
  const token = config.env.OPERATOR_API_TOKEN;
  return {
    config,
    database,
    bus,
    clock,
    log: app.log,
    operatorScope: token ? operatorGuard(token) : undefined,
  };
}

/**
 * A module's plugin: it shares the root's scope (its decorations are the modules above it's
 * context), and Fastify refuses to boot when one of the modules it builds on (`below`) was not
 * registered before it.
 */
export function modulePlugin(
  name: ServerModule,
  below: readonly ServerModule[],
  plugin: (app: FastifyInstance, context: ModuleContext) => Promise<void>,
): FastifyPluginAsync {
  return sharedPlugin(name, (app) => plugin(app, contextOf(app)), below);
}
