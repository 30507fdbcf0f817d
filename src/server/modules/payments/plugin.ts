import { registerApiRoutes } from '../../http/api-routes.ts';
import { ownAddress } from '../../http/fastify.ts';
import { resolveSecret } from '../auth/secret.ts';
import { modulePlugin } from '../module.ts';
import { paymentRoutes } from './routes.ts';
import { SandboxProvider } from './sandbox.ts';
import { PaymentsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits, webhooks, withdrawals and the deposit expiry sweep (tests drive the sweep). */
    payments: PaymentsService;
    /** The built-in sandbox payment provider (tests drive its webhook dispatcher). */
    sandbox: SandboxProvider;
  }
}

/**
 * Deposits and withdrawals (docs/api-money.md) with the built-in sandbox provider. Its bag of
 * services is the payments service itself (a facade over deposits, webhooks, withdrawals and the
 * expiry sweep), and the sandbox beside it.
 */
export const paymentsModule = modulePlugin(
  'payments',
  ['auth', 'responsible', 'ledger', 'kyc'],
  async (app, context) => {
    const { config, database, clock, log } = context;
    // The sandbox signs with this secret and the casino verifies with it: two parties, one shared key.
    const webhookSecret = await resolveSecret(
      database,
      'sandbox_webhook_secret',
      config.env.SANDBOX_WEBHOOK_SECRET,
    );
    const sandbox = new SandboxProvider({
      database,
      webhookSecret,
      log,
      // The merchant's endpoint is configuration, never a request's Host (docs/security.md).
      webhookUrl: () =>
        config.env.SANDBOX_WEBHOOK_URL ??
        `${app.origins.configured ? app.origins.canonical : ownAddress(app, config.env.PORT)}/api/payments/webhooks/sandbox`,
      maxAttempts: config.env.SANDBOX_WEBHOOK_MAX_ATTEMPTS,
      clock,
    });
    const payments = new PaymentsService({
      database,
      config,
      sandbox,
      webhookSecret,
      events: app.ledger.events,
      kyc: app.kyc.service,
      limits: app.responsible.limits,
      log,
      clock,
    });
    sandbox.start(config.env.SANDBOX_WEBHOOK_INTERVAL_MS);
    app.addHook('onClose', async () => sandbox.stop());
    app.decorate('sandbox', sandbox);
    payments.expiry.start(config.env.DEPOSIT_EXPIRY_INTERVAL_MS);
    app.addHook('onClose', async () => payments.expiry.stop());
    app.decorate('payments', payments);
    await registerApiRoutes(app, 'payments', paymentRoutes, {
      config,
      database,
      keys: app.auth.keys,
      payments,
      sandbox,
      operatorScope: context.operatorScope,
    });
  },
);
