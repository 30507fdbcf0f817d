/** The live table page: boot data as inert JSON, one module script, no inline script. */
import { describe, expect, test } from 'vitest';
import { livePage } from './page.ts';
import type { LiveBoot } from './protocol.ts';

const boot: LiveBoot = {
  session: 'sess-1234567890',
  table: 'roulette-1',
  game: 'live-roulette',
  name: 'Roulette </script><script>alert(1)</script> & "Co"',
  mode: 'demo',
  lang: 'kk',
  lobbyUrl: 'https://casino.example/lobby?a=1&b=2',
};

describe('livePage', () => {
  test('the boot data round-trips as inert JSON', () => {
    const html = livePage(boot);
    const json = /<script type="application\/json" id="boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual(boot);
  });

  test('scripts: the inert JSON and the client module only (CSP script-src self)', () => {
    const html = livePage(boot);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!.trim());
    expect(scripts).toEqual([
      'type="application/json" id="boot"',
      'type="module" src="/static/live/table.ts"',
    ]);
    expect(html).not.toMatch(/\son\w+=/);
    expect(html).toContain(
      '<title>Roulette &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Co&#34;</title>',
    );
    expect(html).toContain('<html lang="kk">');
  });

  test('an unknown language falls back to English; baccarat gets its felt', () => {
    const html = livePage({ ...boot, lang: 'xx', game: 'live-baccarat' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('--felt:#0f3f6e');
  });
});
