import { NOTIFICATION_DEFAULTS } from '../shared/timing.ts';
import { $notices, dismissNotice, holdNotice, type Notice, pushNotice } from '../stores/notices.ts';
import { type ApiErrorReport, reportMessages, type Translator } from './errors.ts';
import './notices.css';

/**
 * The toast stack of docs/product-rules.md §8 (defaults of docs/product-rules.md §9), in plain DOM: it loads with whatever code first
 * reports something, so a page never pays for it up front. Errors are announced assertively.
 */
let container: HTMLElement | null = null;

function render(list: readonly Notice[]): void {
  if (!container) return;
  const present = new Set(list.map((n) => String(n.id)));
  for (const node of [...container.children] as HTMLElement[]) {
    if (!present.has(node.dataset.id ?? '')) node.remove();
  }
  for (const notice of list) {
    if (container.querySelector(`[data-id="${notice.id}"]`)) continue;
    const item = document.createElement('div');
    item.className = 'notice';
    item.dataset.id = String(notice.id);
    item.dataset.kind = notice.kind;
    item.setAttribute('role', notice.kind === 'error' ? 'alert' : 'status');
    const title = document.createElement('strong');
    title.textContent = notice.title;
    item.append(title);
    for (const line of notice.lines) {
      const p = document.createElement('p');
      p.textContent = line;
      item.append(p);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', container.dataset.closeLabel ?? 'Close');
    close.addEventListener('click', () => dismissNotice(notice.id));
    item.append(close);
    item.addEventListener('mouseenter', () => holdNotice(notice.id, true));
    item.addEventListener('mouseleave', () => holdNotice(notice.id, false));
    container.append(item);
  }
}

function ensureView(closeLabel: string): void {
  if (container) return;
  container = document.createElement('section');
  container.className = 'notices';
  container.dataset.testid = 'notices';
  container.dataset.closeLabel = closeLabel;
  container.style.setProperty('--notice-width', `${NOTIFICATION_DEFAULTS.widthPx}px`);
  container.style.setProperty('--notice-speed', `${NOTIFICATION_DEFAULTS.speedMs}ms`);
  document.body.append(container);
  $notices.subscribe(render);
}

/** Error notice for a failed call: title `error.error`, body the translated messages (docs/product-rules.md §8). */
export function notifyError(report: ApiErrorReport, translator: Translator): number | null {
  const lines = reportMessages(report, translator);
  if (lines.length === 0) return null;
  ensureView(translator.t('modals.close'));
  return pushNotice({ title: translator.t('error.error'), lines });
}

/** Error notice with one translated code (docs/product-rules.md §8: a single-error notice uses `error.{code}`). */
export function notifyCode(code: string, translator: Translator): number {
  ensureView(translator.t('modals.close'));
  const key = `error.${code}`;
  return pushNotice({
    title: translator.t('error.error'),
    lines: [translator.exists(key) ? translator.t(key) : translator.t('error.unknown')],
  });
}

export function notifySuccess(title: string, closeLabel: string, lines: string[] = []): void {
  ensureView(closeLabel);
  pushNotice({ kind: 'success', title, lines });
}

/** A neutral notice: nothing went wrong and nothing was done (a payment the player left). */
export function notifyInfo(title: string, closeLabel: string, lines: string[] = []): void {
  ensureView(closeLabel);
  pushNotice({ kind: 'info', title, lines });
}
