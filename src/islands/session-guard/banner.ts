import './guard.css';

/**
 * A slim notice under the header, on every page (the session guard's: a break in force, a session
 * ended by its time limit, a self-exclusion that has begun). Plain DOM, so a content page loads no
 * framework for it. Each banner has an id: showing it again replaces it.
 */
export interface BannerContent {
  title?: string;
  text: string;
  link?: { href: string; label: string };
  /** The close button's label; without it the banner stays while its cause does. */
  dismiss?: string;
  tone?: 'info' | 'warn';
}

const selector = (id: string) => `.rg-banner[data-banner="${id}"]`;

export function showBanner(id: string, content: BannerContent): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'rg-banner';
  banner.dataset.banner = id;
  banner.dataset.testid = `rg-banner-${id}`;
  banner.dataset.tone = content.tone ?? 'info';
  banner.setAttribute('role', 'status');
  const inner = document.createElement('div');
  inner.className = 'container rg-banner-inner';
  const icon = document.createElement('span');
  icon.className = 'rg-banner-icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = content.tone === 'warn' ? '!' : 'i';
  const body = document.createElement('p');
  body.className = 'rg-banner-text';
  if (content.title) {
    const title = document.createElement('strong');
    title.textContent = content.title;
    body.append(title, ' ');
  }
  body.append(content.text);
  if (content.link) {
    const link = document.createElement('a');
    link.href = content.link.href;
    link.textContent = content.link.label;
    body.append(' ', link);
  }
  inner.append(icon, body);
  if (content.dismiss) {
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'rg-banner-close';
    close.textContent = '×';
    close.setAttribute('aria-label', content.dismiss);
    close.addEventListener('click', () => banner.remove());
    inner.append(close);
  }
  banner.append(inner);
  const existing = document.querySelector(selector(id));
  if (existing) existing.replaceWith(banner);
  else {
    const main = document.getElementById('content');
    if (main) main.before(banner);
    else document.body.prepend(banner);
  }
  return banner;
}

export function hideBanner(id: string): void {
  document.querySelector(selector(id))?.remove();
}
