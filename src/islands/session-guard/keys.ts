/** The browser storage keys of the responsible-gambling client (docs/responsible-gambling.md). */

/** Session storage: the tab's copy of GET /responsible/status (./status.ts). */
export const STATUS_KEY = 'rgStatus';

/** Local storage prefix: the last reality check the player answered, per login session (./guard.ts). */
export const REALITY_KEY = 'rgReality:';
