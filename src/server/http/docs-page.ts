import { createHash } from 'node:crypto';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OpenApiDocument } from './openapi.ts';

/**
 * GET /api/docs: the OpenAPI document (src/server/http/openapi.ts) as one readable page, rendered
 * on the server: no script, one inline style allowed by its hash (the CSP below), like the sandbox
 * checkout pages (src/server/modules/payments/sandbox.ts).
 */

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
type Json = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 1.5rem;color:#1b1f24}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #d0d7de;margin-top:2.5rem}
code{font:13px ui-monospace,monospace;background:#f3f4f6;padding:0 .25rem;border-radius:3px}
section.op{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;padding:.25rem 1rem .75rem}
section.op h3{font-size:1rem;margin:.6rem 0}
.method{display:inline-block;min-width:4.2rem;font:700 12px ui-monospace,monospace;color:#fff;background:#57606a;border-radius:3px;padding:.15rem .4rem;text-align:center}
.get{background:#0969da}.post{background:#1a7f37}.put{background:#9a6700}.delete{background:#cf222e}.patch{background:#8250df}
.badge{font-size:12px;border:1px solid #d0d7de;border-radius:1rem;padding:0 .5rem;margin-left:.4rem;color:#57606a}
.pending{border-color:#d4a72c;color:#7d4e00}
table{border-collapse:collapse;width:100%;margin:.3rem 0}td,th{border-top:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{font-size:13px;color:#57606a}ul.schema{margin:.1rem 0;padding-left:1.2rem}.muted{color:#57606a}
nav ul{columns:2;padding-left:1.2rem}h4{margin:.8rem 0 .2rem;font-size:.9rem}`;

/** The page's Content-Security-Policy: nothing but its own inline style. */
export const DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const html = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The little Markdown the document's descriptions use: paragraphs, `code` and **bold**. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\s*\n/)
    .map(
      (paragraph) =>
        `<p>${html(paragraph)
          .replace(/`([^`]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`,
    )
    .join('');
}

/** The anchor of an operation: `op-post-api-payments-deposits`. */
export function operationAnchor(method: string, path: string): string {
  return `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** Renders JSON Schemas as nested lists, following the document's local references. */
class SchemaView {
  private readonly document: OpenApiDocument;

  constructor(document: OpenApiDocument) {
    this.document = document;
  }

  resolve<T>(value: T | OpenAPIV3_1.ReferenceObject): T {
    let current: unknown = value;
    for (let hops = 0; hops < 10 && current && typeof current === 'object' && '$ref' in current; hops++) {
      const path = String((current as { $ref: string }).$ref)
        .replace(/^#\//, '')
        .split('/');
      current = path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], this.document);
    }
    return current as T;
  }

  /** `label` is one line (type and constraints); `children` the members, as a list. */
  render(input: Schema | undefined, depth = 0): { label: string; children: string } {
    if (!input || depth > 8) return { label: 'any', children: '' };
    // A named schema is shown once, in the page's "Schemas" section.
    if ('$ref' in input && input.$ref.startsWith(SCHEMAS)) {
      const name = input.$ref.slice(SCHEMAS.length);
      return { label: `<a href="#schema-${html(name)}">${html(name)}</a>`, children: '' };
    }
    return this.describe(
      this.resolve<OpenAPIV3_1.SchemaObject>(input) as OpenAPIV3_1.SchemaObject & Json,
      depth,
    );
  }

  private describe(
    schema: OpenAPIV3_1.SchemaObject & Json,
    depth: number,
  ): { label: string; children: string } {
    if (schema.const !== undefined)
      return { label: `<code>${html(JSON.stringify(schema.const))}</code>`, children: '' };
    if (schema.enum) {
      const values = schema.enum.map((v) => `<code>${html(JSON.stringify(v))}</code>`);
      return { label: values.length === 1 ? values[0]! : `one of ${values.join(', ')}`, children: '' };
    }
    const union = schema.anyOf ?? schema.oneOf;
    if (union) {
      const parts = union.map((member) => this.render(member as Schema, depth + 1));
      if (parts.every((part) => !part.children))
        return { label: parts.map((p) => p.label).join(' | '), children: '' };
      return {
        label: 'one of',
        children: `<ul class="schema">${parts.map((p) => `<li>${p.label}${p.children}</li>`).join('')}</ul>`,
      };
    }
    const types = [schema.type ?? []].flat() as string[];
    const nullable = types.includes('null') ? ' | null' : '';
    const type = types.filter((t) => t !== 'null')[0];
    if (type === 'array' || schema.items) {
      const items = this.render(schema.items as Schema | undefined, depth + 1);
      return { label: `array of ${items.label}${this.limits(schema)}${nullable}`, children: items.children };
    }
    if (type === 'object' || schema.properties || schema.additionalProperties) {
      const required = new Set(schema.required ?? []);
      const rows = Object.entries(schema.properties ?? {}).map(([key, member]) => {
        const view = this.render(member as Schema, depth + 1);
        const note = (this.resolve(member) as Json | undefined)?.description;
        return `<li><code>${html(key)}</code>${required.has(key) ? '' : '<span class="muted">?</span>'}: ${view.label}${note ? ` <span class="muted">— ${html(note)}</span>` : ''}${view.children}</li>`;
      });
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        const keys = this.render(schema.propertyNames as Schema | undefined, depth + 1).label;
        const values = this.render(extra as Schema, depth + 1);
        rows.push(`<li><em>any key</em> (${keys}): ${values.label}${values.children}</li>`);
      }
      return {
        label: `object${nullable}`,
        children: rows.length ? `<ul class="schema">${rows.join('')}</ul>` : '',
      };
    }
    if (!type) return { label: `any${nullable}`, children: '' };
    const format = schema.format ? ` (${html(schema.format)})` : '';
    // A format names what its (long) pattern spells out.
    const pattern = schema.pattern && !format ? ` matching <code>${html(schema.pattern)}</code>` : '';
    const fallback =
      schema.default === undefined ? '' : `, default <code>${html(JSON.stringify(schema.default))}</code>`;
    return {
      label: `${html(type)}${format}${pattern}${this.limits(schema)}${nullable}${fallback}`,
      children: '',
    };
  }

  private limits(schema: Json): string {
    const bounds = [
      ['minLength', '≥', ' chars'],
      ['maxLength', '≤', ' chars'],
      ['minimum', '≥', ''],
      ['maximum', '≤', ''],
      ['minItems', '≥', ' items'],
      ['maxItems', '≤', ' items'],
    ]
      // zod's safe-integer bounds say nothing a reader needs.
      .filter(([key]) => schema[key as string] !== undefined)
      .filter(([key]) => Math.abs(Number(schema[key as string])) !== Number.MAX_SAFE_INTEGER)
      .map(([key, sign, unit]) => `${sign} ${html(schema[key as string])}${unit}`);
    return bounds.length ? ` <span class="muted">(${bounds.join(', ')})</span>` : '';
  }

  /** A body or answer: one schema per content type. */
  content(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): string {
    return Object.entries(content ?? {})
      .map(([type, media]) => {
        const view = this.render(media.schema);
        return `<div><code>${html(type)}</code>: ${view.label}${view.children}</div>`;
      })
      .join('');
  }
}

function operationHtml(
  view: SchemaView,
  method: string,
  path: string,
  operation: OpenAPIV3_1.OperationObject & Json,
) {
  const parts: string[] = [];
  const tokens = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  parts.push(
    `<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${html(path)}</code>${tokens
      .map((token) => `<span class="badge">token: ${html(token)}</span>`)
      .join(
        '',
      )}${operation['x-undeclared'] ? '<span class="badge pending">schemas not declared yet</span>' : ''}</h3>`,
  );
  if (operation.summary) parts.push(`<p><strong>${html(operation.summary)}</strong></p>`);
  parts.push(prose(operation.description));
  const parameters = (operation.parameters ?? []).map((p) => view.resolve<OpenAPIV3_1.ParameterObject>(p));
  if (parameters.length) {
    parts.push(
      `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>schema</th><th>description</th></tr>${parameters
        .map((p) => {
          const schema = view.render(p.schema);
          return `<tr><td><code>${html(p.name)}</code>${p.required ? '' : '<span class="muted">?</span>'}</td><td>${html(p.in)}</td><td>${schema.label}${schema.children}</td><td>${html(p.description ?? '')}</td></tr>`;
        })
        .join('')}</table>`,
    );
  }
  const body = operation.requestBody && view.resolve<OpenAPIV3_1.RequestBodyObject>(operation.requestBody);
  if (body) {
    parts.push(
      `<h4>Request body${body.required ? '' : ' <span class="muted">(optional)</span>'}</h4>${prose(body.description)}${view.content(body.content)}`,
    );
  }
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const answer = view.resolve<OpenAPIV3_1.ResponseObject>(response);
    return `<tr><td><code>${html(status)}</code></td><td>${prose(answer.description)}${view.content(answer.content)}</td></tr>`;
  });
  parts.push(`<h4>Responses</h4><table><tr><th>status</th><th>answer</th></tr>${responses.join('')}</table>`);
  return `<section class="op" id="${operationAnchor(method, path)}">${parts.join('')}</section>`;
}

/** Every operation of the document, grouped by its first tag in the document's tag order. */
function operationsByTag(document: OpenApiDocument) {
  const groups = new Map<
    string,
    { method: string; path: string; operation: OpenAPIV3_1.OperationObject & Json }[]
  >();
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as (OpenAPIV3_1.OperationObject & Json) | undefined;
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, operation });
    }
  }
  return [...groups].filter(([, operations]) => operations.length > 0);
}

/** The whole page. */
export function docsPage(document: OpenApiDocument): string {
  const view = new SchemaView(document);
  const groups = operationsByTag(document);
  const tagInfo = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => {
    const resolved = view.resolve<OpenAPIV3_1.SecuritySchemeObject>(scheme);
    return `<li><code>${html(name)}</code>: ${html(resolved.type)} ${html('scheme' in resolved ? resolved.scheme : '')} — ${html(resolved.description ?? '')}</li>`;
  });
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => {
    const shown = view.render(schema);
    return `<section class="op" id="schema-${html(name)}"><h3><code>${html(name)}</code></h3>${prose(schema.description)}${shown.label}${shown.children}</section>`;
  });
  const contents = groups
    .map(
      ([tag, operations]) => `<li><a href="#tag-${html(tag)}">${html(tag)}</a> (${operations.length})</li>`,
    )
    .join('');
  const sections = groups.map(
    ([tag, operations]) =>
      `<h2 id="tag-${html(tag)}">${html(tag)}</h2>${prose(tagInfo.get(tag))}<ul>${operations
        .map(
          ({ method, path, operation }) =>
            `<li><a href="#${operationAnchor(method, path)}"><code>${method.toUpperCase()} ${html(path)}</code></a> ${html(operation.summary ?? '')}</li>`,
        )
        .join(
          '',
        )}</ul>${operations.map(({ method, path, operation }) => operationHtml(view, method, path, operation)).join('')}`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${html(document.info.title)} ${html(document.info.version)}</title><style>${STYLE}</style></head><body><h1>${html(document.info.title)} <span class="muted">${html(document.info.version)}</span></h1><p>OpenAPI ${html(document.openapi)}: <a href="openapi.json">openapi.json</a></p>${prose(document.info.description)}<h2>Tokens</h2><ul>${schemes.join('')}</ul><nav><h2>Contents</h2><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>${sections.join('')}<h2 id="schemas">Schemas</h2>${schemas.join('')}</body></html>`;
}
