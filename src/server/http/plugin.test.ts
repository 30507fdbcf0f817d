import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { sharedPlugin } from './plugin.ts';

describe('sharedPlugin', () => {
  test('its decorations are its parent’s, so the plugins after it see them', async () => {
    const app = Fastify();
    app.register(
      sharedPlugin('below', async (scope) => {
        scope.decorate('below', 'ready');
      }),
    );
    let seen = false;
    app.register(
      sharedPlugin(
        'above',
        async (scope) => {
          seen = scope.hasDecorator('below');
        },
        ['below'],
      ),
    );
    await app.ready();
    expect(seen).toBe(true);
    expect(app.hasDecorator('below')).toBe(true);
    await app.close();
  });

  test('a plugin registered before one it builds on stops the boot, naming both', async () => {
    const app = Fastify();
    app.register(sharedPlugin('above', async () => {}, ['below']));
    app.register(sharedPlugin('below', async () => {}));
    await expect(app.ready()).rejects.toThrow(/below.*above|above.*below/);
  });
});
