/** What a page's CSP needs to allow (Astro's `Astro.csp`). */
interface PageCsp {
  insertDirective(directive: string): void;
}

const ORIGIN = /^https?:\/\/[^\s;,'"]+$/;

/**
 * The slot aggregator's origins (`SiteSettings.frameOrigins`, the server fills them) in a game
 * page's CSP `frame-src`, with the site's own origin (a studio served under ours), since a
 * `frame-src` of its own replaces `default-src`. The art is never the aggregator's: the server
 * keeps it and serves it from ours. Call it in the page's frontmatter before any `await`: an
 * insertion after the page started streaming would miss the header.
 */
export function slotCsp(csp: PageCsp, origins: readonly string[]): void {
  const allowed = [...new Set(origins.filter((origin) => ORIGIN.test(origin)))];
  csp.insertDirective(`frame-src ${["'self'", ...allowed].join(' ')}`);
}
