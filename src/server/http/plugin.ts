import type { FastifyPluginAsync } from 'fastify';

/**
 * A plugin that runs in the scope it is registered in, as `fastify-plugin` makes one (the same
 * three marks Fastify reads; that package is not a dependency here): its decorations and hooks are
 * its parent's, so the plugins registered after it see them. Fastify checks at boot that each of
 * `dependencies` (other such plugins, by name) was registered before it, and names the one missing.
 */
export function sharedPlugin<Options extends object = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
  dependencies: readonly string[] = [],
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, dependencies: [...dependencies] },
  });
}
