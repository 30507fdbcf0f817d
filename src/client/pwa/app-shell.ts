import { startThirdParties } from '../widgets/loader.ts';
import { type InstallPromptEvent, startInstallBanner } from './install-banner.ts';
import { registerServiceWorker } from './register.ts';

/**
 * What the page loads once idle (src/client/pwa/boot.ts): the service worker and its updates, the
 * install banner, the cookie consent and the configured third parties. Returns the install offer.
 */
export function start(): (event: InstallPromptEvent) => void {
  void registerServiceWorker();
  startThirdParties();
  return startInstallBanner();
}
