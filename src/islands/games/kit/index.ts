/** The shared game kit (docs/game-kit.md): import everything a game island needs from here. */
export { type GameApi, gameApi, useGameApi } from './api.ts';
export { formatMultiplier } from './format.ts';
export { GameShell, type GameShellProps, type ShellActions } from './GameShell.tsx';
export { useReducedMotion, wait } from './motion.ts';
export { playSound, type SoundName } from './sound.ts';
export type { Bet, BetAnswer, FeedItem, FeedKind, GameKey } from './types.ts';
