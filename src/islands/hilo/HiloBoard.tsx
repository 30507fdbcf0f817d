import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toDecimal } from '../../games/ratio.ts';
import { formatMultiplier, formatNumber, useLanguageTag } from '../games/kit/index.ts';
import type { RoundNote } from '../games/kit/use-round.ts';
import { type Choice, choicesOn, faceOf, type Hand, historyOf } from './hand.ts';

export interface HiloBoardProps {
  hand: Hand | null;
  dealing: boolean;
  /** Changes with every card dealt: the card turns over again. */
  dealt: number;
  note: RoundNote;
  /** A decimal amount as money in the round's currency. */
  money: (decimal: string) => string;
}

/** The card shown, the chances and multipliers of the two guesses, the streak and the history row. */
export function HiloBoard({ hand, dealing, dealt, note, money }: HiloBoardProps) {
  const { t } = useTranslation();
  const tag = useLanguageTag();
  const card = hand?.cards.at(-1) ?? null;
  const state = !hand ? 'none' : hand.open ? 'open' : hand.lost ? 'lost' : 'won';
  const choices = card && hand?.open ? choicesOn(card, hand.streak) : null;
  return (
    <div className="round-board hl-board" data-testid="hilo-board" data-round={state} data-gk-watch>
      <dl className="round-stats">
        <div className="round-stat hl-stat-multiplier">
          <dt>{t('hilo.multiplier')}</dt>
          <dd data-testid="hilo-multiplier">
            {formatMultiplier(hand ? toDecimal(hand.streak, 4) : '1', tag)}
          </dd>
        </div>
        <div className="round-stat hl-stat-profit">
          <dt>{t('hilo.profit')}</dt>
          <dd data-testid="hilo-profit">{hand?.profit && hand.open ? `+${money(hand.profit)}` : '—'}</dd>
        </div>
        <div className="round-stat">
          <dt>{t('hilo.skipsLeft')}</dt>
          <dd data-testid="hilo-skips">{hand?.open ? hand.skipsLeft : '—'}</dd>
        </div>
      </dl>
      <div className="hl-table">
        <ChoiceSide choice={choices?.[0] ?? null} side="up" tag={tag} />
        <div className="hl-deck">
          <CardFace key={dealt} card={card} dealing={dealing} large />
        </div>
        <ChoiceSide choice={choices?.[1] ?? null} side="down" tag={tag} />
      </div>
      <p
        className="round-note"
        role="status"
        data-note={dealing ? 'dealing' : (note ?? state)}
        data-testid="hilo-note"
      >
        {noteText(t, tag, { hand, dealing, note, money })}
      </p>
      <ol className="hl-history" aria-label={t('hilo.history')} data-testid="hilo-history">
        {hand &&
          historyOf(hand).map((entry, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the deck never runs out, so a card may repeat; its place is its identity.
              key={i}
              data-action={entry.action}
              data-right={entry.right === null ? undefined : String(entry.right)}
              aria-label={historyLabel(t, entry.card, entry.action, entry.right)}
            >
              <CardFace card={entry.card} />
              <span className="hl-history-move" aria-hidden="true">
                {MOVE_GLYPH[entry.action]}
              </span>
            </li>
          ))}
      </ol>
      <p className="hl-rules muted">{t('hilo.rules')}</p>
    </div>
  );
}

const MOVE_GLYPH: Record<string, string> = {
  start: '•',
  skip: '»',
  higher: '↑',
  higherOrSame: '↑=',
  lower: '↓',
  lowerOrSame: '↓=',
  same: '=',
};

/** One of the two guesses on the board: its chance and what it pays. */
function ChoiceSide({ choice, side, tag }: { choice: Choice | null; side: 'up' | 'down'; tag: string }) {
  const { t } = useTranslation();
  return (
    <div className="hl-choice" data-side={side} data-testid={`hilo-choice-${side}`}>
      {choice ? (
        <>
          <span className="hl-choice-name">{t(`hilo.guesses.${choice.guess}`)}</span>
          <span className="hl-choice-chance">
            {t('hilo.chance', {
              chance: formatNumber(choice.chance, tag, {
                style: 'percent',
                minimumFractionDigits: 2,
                maximumFractionDigits: 2,
              }),
            })}
          </span>
          <span className="hl-choice-pays">{formatMultiplier(choice.multiplier, tag)}</span>
        </>
      ) : (
        <span className="hl-choice-name muted">{side === 'up' ? '↑' : '↓'}</span>
      )}
    </div>
  );
}

/** A playing card: rank and suit (red or black), or its back while one is being dealt. */
export function CardFace({
  card,
  dealing = false,
  large = false,
}: {
  card: string | null;
  dealing?: boolean;
  large?: boolean;
}) {
  const { t } = useTranslation();
  if (!card || dealing)
    return (
      <div
        className={`hl-card hl-card-back${large ? ' hl-card-large' : ''}`}
        role="img"
        aria-label={t('hilo.cardBack')}
      />
    );
  const face = faceOf(card);
  return (
    <div
      className={`hl-card${large ? ' hl-card-large' : ''}`}
      data-red={face.red || undefined}
      data-card={card}
      data-testid={large ? 'hilo-card' : undefined}
      role="img"
      aria-label={t('hilo.card', { card: `${face.rank}${face.suit}` })}
    >
      <span className="hl-card-rank">{face.rank}</span>
      <span className="hl-card-suit">{face.suit}</span>
    </div>
  );
}

function historyLabel(t: TFunction, card: string, action: string, right: boolean | null): string {
  const face = faceOf(card);
  const name = `${face.rank}${face.suit}`;
  if (action === 'start') return t('hilo.historyStart', { card: name });
  if (action === 'skip') return t('hilo.historySkip', { card: name });
  return t(right ? 'hilo.historyRight' : 'hilo.historyWrong', {
    card: name,
    guess: t(`hilo.guesses.${action}`),
  });
}

function noteText(
  t: TFunction,
  tag: string,
  { hand, dealing, note, money }: Pick<HiloBoardProps, 'hand' | 'dealing' | 'note' | 'money'>,
): string {
  if (dealing) return t('hilo.dealing');
  if (!hand) return t('hilo.hintStart');
  const multiplier = formatMultiplier(toDecimal(hand.streak, 4), tag);
  if (!hand.open) {
    if (hand.lost) {
      const face = faceOf(hand.cards.at(-1) ?? '');
      return t('hilo.lost', { card: `${face.rank}${face.suit}` });
    }
    return t(note === 'auto' ? 'hilo.wonAuto' : 'hilo.won', {
      amount: money(hand.cashout ?? '0'),
      multiplier,
    });
  }
  if (note === 'resumed') return t('hilo.resumed');
  if (!hand.cashout) return t('hilo.hintGuess');
  return t('hilo.hintCashOut', { amount: money(hand.cashout) });
}
