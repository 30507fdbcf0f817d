import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCS_CSP, docsPage } from './docs-page.ts';
import { openApiDocument } from './openapi.ts';
import { routeSchema } from './route-schema.ts';

const openApiSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .describe('An OpenAPI 3.1 document');

/** GET /openapi.json and GET /docs, mounted under /api (src/server/http/core.ts). */
export async function docsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  let page: string | undefined;

  api.get(
    '/openapi.json',
    {
      schema: routeSchema({
        summary: 'This document: every operation of the API, OpenAPI 3.1',
        tags: ['docs'],
        response: {
          200: openApiSchema,
        },
      }),
    },
    async () => openApiDocument(app) as unknown as z.output<typeof openApiSchema>,
  );

  api.get(
    '/docs',
    {
      schema: routeSchema({
        summary: 'This document as a readable page',
        tags: ['docs'],
        response: {
          200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } },
        },
      }),
    },
    async (_request, reply) => {
      page ??= docsPage(openApiDocument(app));
      return reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(page);
    },
  );
}
