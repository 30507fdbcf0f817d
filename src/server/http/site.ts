import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../config.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
  locals?: object,
) => Promise<void>;

/** Paths Fastify answers itself; everything else not static goes to Astro. */
const SERVER_PATHS = /^\/(api(\/|$)|ws$|healthz$|readyz$)/;

function listFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

/**
 * Serves the built site: hashed assets from dist/client with long-lived caching, other static
 * files briefly cached, and every other path rendered by Astro's middleware handler (compressed).
 */
export async function serveSite(
  app: FastifyInstance,
  { distDir, site }: { distDir: string; site: SiteSettings },
) {
  const clientDir = path.join(distDir, 'client');
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry))
    throw new Error(`The site is not built: ${entry} is missing. Run "npm run build" first.`);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };

  // A fixed set of built files, so a dynamic page route never swallows /sw.js or /robots.txt.
  const staticPaths = new Set(listFiles(clientDir));
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}_astro${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const compress = compression({ threshold: 1024 });
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = (request.raw.url ?? '/').split('?')[0] ?? '/';
    if (SERVER_PATHS.test(pathname) || staticPaths.has(decodeURIComponent(pathname))) return done();
    reply.hijack();
    const req = request.raw;
    const res = reply.raw;
    const locals = { site, requestId: request.id, log: request.log };
    compress(req as never, res as never, () => {
      handler(
        req,
        res,
        (err) => {
          if (err) request.log.error({ err }, 'astro handler failed');
          if (!res.headersSent) {
            res.statusCode = 500;
            res.end();
          }
        },
        locals,
      ).catch((err: unknown) => {
        request.log.error({ err }, 'astro render failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        }
      });
    });
  });
}
