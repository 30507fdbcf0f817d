import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Dependencies point inward (docs/architecture.md): islands → client/stores → shared. The browser
 * core (src/client, src/stores) never reaches into the React islands, and src/shared, which both
 * the server and the browser load, imports neither side.
 */

const SRC = import.meta.dirname;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(SRC, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module a file names: static imports, re-exports, side-effect and dynamic imports. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bvi\.mock\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

/** The files under `folder` importing anything under one of `forbidden` (folders of src/). */
function violations(folder: string, forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(folder)) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path
        .relative(SRC, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      if (forbidden.some((area) => target === area || target.startsWith(`${area}/`)))
        found.push(`${path.relative(SRC, file)} → ${specifier}`);
    }
  }
  return found;
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

  test('src/client and src/stores import nothing from src/islands', () => {
    expect([...violations('client', ['islands']), ...violations('stores', ['islands'])]).toEqual([]);
  });

  test('src/shared imports nothing from src/server, src/client or src/islands', () => {
    expect(violations('shared', ['server', 'client', 'islands'])).toEqual([]);
  });
});
