import { $locale } from '../../stores/locale.ts';
import { $modals } from '../../stores/modals.ts';

/**
 * Loaded by the header (src/components/Header.astro) beside src/client/header.ts: the modal host
 * (React and the modals) is downloaded and mounted the first time a modal opens, so content pages
 * ship no framework code up front.
 */
let hostLoaded = false;
$modals.subscribe((list) => {
  if (hostLoaded || list.length === 0) return;
  hostLoaded = true;
  const root = document.getElementById('modal-root');
  if (!root) return;
  void import('./mount.tsx').then(({ mountModalHost }) => mountModalHost(root, $locale.get()));
});
