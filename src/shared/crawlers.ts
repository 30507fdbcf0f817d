/**
 * The search engines whose crawlers may read pages from a blocked country (docs/product-rules.md
 * §4): a user agent names one, and the server believes it only once the address is verified by
 * DNS (docs/edge.md "Geo"). The API exempts no crawler.
 */
export type CrawlerEngine = 'google' | 'yandex';

/** The engine a user agent claims to crawl for (it contains `google` or `yandex`), else null. */
export function claimedCrawler(userAgent: string | null | undefined): CrawlerEngine | null {
  const match = userAgent ? /google|yandex/i.exec(userAgent) : null;
  return match ? (match[0].toLowerCase() as CrawlerEngine) : null;
}
