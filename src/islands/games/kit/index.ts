/** The shared game kit (docs/game-kit.md): import everything a game island needs from here. */

export { formatMoney, formatMoneyText } from '../../../shared/money.ts';
export { type GameApi, gameApi, useGameApi } from './api.ts';
export { formatChip, formatMultiplier, formatNumber, localizeDecimal } from './format.ts';
export { GameShell, type GameShellProps, type ShellActions } from './GameShell.tsx';
export { animationsOff, inInstantSeries, onFrame, useReducedMotion, wait } from './motion.ts';
export { readNumberInput } from './number-input.ts';
export { playSound, type SoundName } from './sound.ts';
export type { Bet, BetAnswer, FeedItem, FeedKind, GameKey } from './types.ts';
export { useBusyWhile } from './use-busy.ts';
export { useLanguageTag } from './use-language-tag.ts';
