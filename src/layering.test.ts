import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SERVER_MODULES } from './server/modules/order.ts';

/**
 * Dependencies point inward (docs/architecture.md): islands → client/stores → shared. The browser
 * core (src/client, src/stores) never reaches into the React islands, and src/shared, which both
 * the server and the browser load, imports neither side. On the server, http sits below the
 * modules, and the modules stand in one order (SERVER_MODULES): each imports only those below it.
 * No file of src/ takes part in an import cycle.
 */

const SRC = import.meta.dirname;

const SOURCE = /\.(ts|tsx|astro)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(SRC, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The part of a file that imports: all of it, or an .astro file's frontmatter and scripts. */
function codeOf(file: string, source: string): string {
  if (!file.endsWith('.astro')) return source;
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

const IMPORT_PATTERNS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.mock\(\s*['"]([^'"]+)['"]/g,
];

/** Every module a file names: static imports, re-exports, side-effect and dynamic imports. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const pattern of IMPORT_PATTERNS)
    for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

/** A relative specifier as a path under src/ ('server/http/errors.ts'), or undefined. */
function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return path
    .relative(SRC, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
}

const under = (target: string, area: string) => target === area || target.startsWith(`${area}/`);

/** The files under `folder` importing anything under one of `forbidden` (folders of src/). */
function violations(folder: string, forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(folder)) {
    for (const specifier of importsOf(codeOf(file, readFileSync(file, 'utf8')))) {
      const target = targetOf(file, specifier);
      if (target && forbidden.some((area) => under(target, area)))
        found.push(`${path.relative(SRC, file)} → ${specifier}`);
    }
  }
  return found;
}

/** The server module a path of src/ belongs to, if any. */
const moduleOf = (target: string) => /^server\/modules\/([^/]+)\//.exec(target)?.[1];

/** Imports of a server module reaching a module above it, or one the order does not list. */
function moduleOrderViolations(order: readonly string[], files: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      if (!order.includes(from) || !order.includes(to) || order.indexOf(to) > order.indexOf(from))
        found.push(`${file} → ${target} (${from} is below ${to})`);
    }
  }
  return found;
}

/** The import cycles of a graph (file → files it imports), each as its files, found by Tarjan. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const cycle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      cycle.push(member);
    } while (member !== node);
    if (cycle.length > 1 || graph.get(node)?.includes(node)) cycles.push(cycle.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * Every source file of src/ (tests left out) with the files of src/ it imports, type-only imports
 * included: a cycle through a type is still two files that cannot be read one without the other.
 */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles('.')) {
    const name = path.relative(SRC, file).split(path.sep).join('/');
    if (/\.test\.tsx?$/.test(name)) continue;
    const targets = importsOf(codeOf(file, readFileSync(file, 'utf8')))
      .map((specifier) => targetOf(file, specifier))
      .filter((target): target is string => target !== undefined && SOURCE.test(target));
    graph.set(name, [...new Set(targets)]);
  }
  return graph;
}

describe('layering', () => {
  test('the import scan sees every kind of import', () => {
    const source = [
      "import { a } from '../islands/a.ts';",
      "import type { B } from '../islands/b.ts';",
      "export { c } from '../islands/c.ts';",
      "import '../islands/d.css';",
      "const e = await import('../islands/e.tsx');",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      '../islands/a.ts',
      '../islands/b.ts',
      '../islands/c.ts',
      '../islands/d.css',
      '../islands/e.tsx',
    ]);
  });

  test('an .astro file is read by its frontmatter and scripts, not its markup', () => {
    const page = [
      '---',
      "import Layout from '../layouts/Default.astro';",
      '---',
      '<p>import x from "../server/not-code.ts"</p>',
      "<script>import { go } from '../client/go.ts';</script>",
    ].join('\n');
    expect(importsOf(codeOf('page.astro', page))).toEqual(['../layouts/Default.astro', '../client/go.ts']);
  });

  test('src/client and src/stores import nothing from src/islands', () => {
    expect([...violations('client', ['islands']), ...violations('stores', ['islands'])]).toEqual([]);
  });

  test('src/shared imports nothing from src/server, src/client or src/islands', () => {
    expect(violations('shared', ['server', 'client', 'islands'])).toEqual([]);
  });

  test('islands, pages, layouts and components import nothing of the server’s modules', () => {
    expect([
      ...violations('islands', ['server']),
      ...['pages', 'layouts', 'components'].flatMap((folder) =>
        violations(folder, ['server/modules', 'server/db', 'server/app.ts']),
      ),
    ]).toEqual([]);
  });

  test('src/server/http, db and realtime import no server module', () => {
    expect(
      ['server/http', 'server/db', 'server/realtime'].flatMap((folder) =>
        violations(folder, ['server/modules', 'server/app.ts']),
      ),
    ).toEqual([]);
  });

  test('SERVER_MODULES lists every server module once', () => {
    const folders = readdirSync(path.join(SRC, 'server/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...SERVER_MODULES].sort()).toEqual(folders.sort());
  });

  test('each server module imports only the modules below it', () => {
    expect(moduleOrderViolations(SERVER_MODULES, importGraph())).toEqual([]);
  });

  test('the module order check fails on an import of a module above', () => {
    const graph = new Map([['server/modules/auth/routes.ts', ['server/modules/bonus/service.ts']]]);
    expect(moduleOrderViolations(SERVER_MODULES, graph)).toEqual([
      'server/modules/auth/routes.ts → server/modules/bonus/service.ts (auth is below bonus)',
    ]);
  });

  test('no import cycle in src/', () => {
    expect(cyclesOf(importGraph())).toEqual([]);
  });

  test('the cycle check finds a cycle, however long', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
