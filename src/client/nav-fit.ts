/**
 * The header's row of links on wide screens (src/components/Header.astro): as many as fit, in menu
 * order, and the rest behind More, so no link is cut off whatever the language, the width or the
 * balance beside them. Every link is both in the row and in the More list; `data-in` ("row" or
 * "more") on the pair says where it shows. The server's split stands until this runs, and on
 * phones, where the menu panel lists the whole row.
 */
export function fitNavigation(): void {
  const row = document.querySelector<HTMLElement>('[data-nav-row]');
  const list = document.getElementById('nav-more-list');
  const toggle = document.querySelector<HTMLElement>('[data-nav-more]');
  const more = toggle?.parentElement;
  const nav = row?.parentElement;
  if (!row || !nav || !list || !toggle || !more) return;
  const inRow = [...row.querySelectorAll<HTMLAnchorElement>(':scope > a')];
  const inList = [...list.querySelectorAll<HTMLAnchorElement>(':scope > a')];

  const place = (count: number) => {
    for (const links of [inRow, inList])
      for (const [i, link] of links.entries()) link.dataset.in = i < count ? 'row' : 'more';
    more.hidden = count === inRow.length;
    const current = inList.some((link) => link.dataset.in === 'more' && link.hasAttribute('aria-current'));
    if (current) toggle.dataset.current = 'true';
    else delete toggle.dataset.current;
  };

  const gapOf = (element: HTMLElement) => Number.parseFloat(getComputedStyle(element).columnGap) || 0;
  const layOut = () => {
    if (getComputedStyle(row).display === 'contents') return;
    // Measured with every link in the row and More beside it: the row gets what More leaves.
    place(inRow.length);
    more.hidden = false;
    const room = row.clientWidth;
    const gap = gapOf(row);
    const widths = inRow.map((link) => link.getBoundingClientRect().width);
    const all = widths.reduce((sum, width) => sum + width, 0) + gap * (widths.length - 1);
    // Half a pixel for the fractions of the widths.
    if (all <= room + 0.5 + more.getBoundingClientRect().width + gapOf(nav)) return place(inRow.length);
    let used = -gap;
    let count = 0;
    for (const width of widths) {
      used += gap + width;
      if (used > room + 0.5) break;
      count += 1;
    }
    place(count);
  };

  layOut();
  new ResizeObserver(layOut).observe(nav);
}
