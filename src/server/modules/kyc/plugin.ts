import path from 'node:path';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { LocalDiskStorage } from '../../storage/storage.ts';
import { modulePlugin } from '../module.ts';
import { kycRoutes } from './routes.ts';
import { KycService } from './service.ts';

/** What the verification module offers the modules above it. */
export interface KycModule {
  service: KycService;
}

declare module 'fastify' {
  interface FastifyInstance {
    kyc: KycModule;
  }
}

/** Identity verification (docs/product-rules.md): cases, documents, the withdrawal threshold. */
export const kycModule = modulePlugin('kyc', ['auth'], async (app, context) => {
  const { config, database } = context;
  const service = new KycService({
    database,
    storage: new LocalDiskStorage(path.join(config.env.DATA_DIR, 'private')),
    config,
  });
  app.decorate('kyc', { service } satisfies KycModule);
  await registerApiRoutes(app, 'kyc', kycRoutes, {
    database,
    keys: app.auth.keys,
    kyc: service,
    operatorScope: context.operatorScope,
  });
});
