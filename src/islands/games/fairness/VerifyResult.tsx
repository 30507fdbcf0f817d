import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isWin } from '../../../games/dice/engine.ts';
import { pocketColor } from '../../../games/roulette/engine.ts';
import type { VerifyResult as Outcome, VerifiableGame } from '../../../games/verifier.ts';
import { formatters } from '../../../i18n/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import { toMinor } from '../../../shared/money.ts';
import { SlotResult } from './SlotResult.tsx';
import type { VerifyExtras } from './verify-query.ts';

export interface Computed {
  game: VerifiableGame;
  outcome: Outcome;
  /** sha256 of the server seed (the commitment), or of a chain link (crash, live): the previous round's hash. */
  sha256: string;
}

const SUIT: Record<string, { symbol: string; red: boolean }> = {
  D: { symbol: '♦', red: true },
  H: { symbol: '♥', red: true },
  S: { symbol: '♠', red: false },
  C: { symbol: '♣', red: false },
};

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The recomputed outcome of one bet, drawn the way the game shows it. */
export function VerifyResult({
  computed,
  extras,
  locale,
}: {
  computed: Computed;
  extras: VerifyExtras;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const format = formatters(locale);
  const { game, outcome } = computed;
  const decimal = (value: number, digits = 2) =>
    format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });

  switch (game) {
    case 'dice': {
      const roll = Number(outcome.roll);
      const target = extras.target;
      const direction = extras.direction;
      return (
        <div className="fair-outcome">
          <p className="fair-big" data-testid="verify-roll">
            {decimal(roll)}
          </p>
          {target && direction && (
            <p
              className="fair-verdict"
              data-win={String(isWin({ target: Number(toMinor(target)), direction }, Math.round(roll * 100)))}
            >
              {t(`fairness.verify.dice.${direction}`, { target: decimal(Number(target)) })}
              {' · '}
              {isWin({ target: Number(toMinor(target)), direction }, Math.round(roll * 100))
                ? t('fairness.verify.win')
                : t('fairness.verify.loss')}
            </p>
          )}
        </div>
      );
    }
    case 'roulette':
    case 'live-roulette': {
      const pocket = Number(outcome.pocket);
      const color = pocketColor(pocket);
      return (
        <div className="fair-outcome">
          <p className="fair-pocket" data-color={color} data-testid="verify-pocket">
            {pocket}
          </p>
          <p className="muted">{t(`fairness.verify.colors.${color}`)}</p>
        </div>
      );
    }
    case 'keno': {
      const drawn = numbers(outcome.drawn);
      const picks = new Set(extras.picks ?? []);
      const hits = drawn.filter((n) => picks.has(n));
      return (
        <div className="fair-outcome">
          <p>
            <span className="muted">{t('fairness.verify.keno.drawn')}: </span>
            <strong data-testid="verify-drawn">{drawn.join(', ')}</strong>
          </p>
          {picks.size > 0 && (
            <p className="muted">
              {t('fairness.verify.keno.hits', { count: hits.length, total: picks.size })}
            </p>
          )}
          <ol className="fair-board fair-keno" aria-label={t('fairness.verify.keno.board')}>
            {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => (
              <li key={n} data-drawn={drawn.includes(n) || undefined} data-picked={picks.has(n) || undefined}>
                {n}
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case 'miner': {
      const mines = new Set(numbers(outcome.mines));
      return (
        <div className="fair-outcome">
          <p>
            <span className="muted">{t('fairness.verify.miner.mines')}: </span>
            <strong data-testid="verify-mines">{[...mines].join(', ')}</strong>
          </p>
          <p className="field-hint">{t('fairness.verify.miner.hint')}</p>
          <ol className="fair-board fair-miner" aria-label={t('fairness.verify.miner.board')} start={0}>
            {Array.from({ length: 25 }, (_, i) => i).map((tile) => (
              <li key={tile} data-mine={mines.has(tile) || undefined}>
                <span className="fair-tile-index">{tile}</span>
                <span className="visually-hidden">
                  {mines.has(tile) ? t('fairness.verify.miner.mine') : t('fairness.verify.miner.safe')}
                </span>
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case 'hilo':
      return (
        <div className="fair-outcome">
          <ol className="fair-cards" data-testid="verify-cards" aria-label={t('fairness.verify.hilo.cards')}>
            {strings(outcome.cards).map((card, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the deck is infinite, so a card may repeat; its place is its identity.
              <Card key={i} card={card} />
            ))}
          </ol>
          <p className="field-hint">{t('fairness.verify.hilo.hint')}</p>
        </div>
      );
    case 'coinflip':
      return (
        <div className="fair-outcome">
          <ol className="fair-flips" data-testid="verify-flips">
            {strings(outcome.flips).map((side, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: flips repeat; their order is their identity.
              <li key={i} data-side={side}>
                {t(`fairness.verify.coinflip.${side}`)}
              </li>
            ))}
          </ol>
        </div>
      );
    case 'wheel':
      return (
        <BigOutcome
          testId="verify-wheel"
          caption={t('fairness.verify.wheel.segment', { segment: Number(outcome.segment) })}
        >
          ×{decimal(Number(outcome.multiplier))}
        </BigOutcome>
      );
    case 'cases':
      return (
        <BigOutcome testId="verify-case" caption={t('fairness.verify.cases.prize')}>
          ×{format.number(Number(outcome.multiplier), { maximumFractionDigits: 4 })}
        </BigOutcome>
      );
    case 'crash':
      return (
        <BigOutcome testId="verify-crash" caption={t('fairness.verify.crash.point')}>
          {decimal(Number(outcome.crashPoint))}×
        </BigOutcome>
      );
    case 'rooms':
      return (
        <BigOutcome testId="verify-ticket" caption={t('fairness.verify.rooms.ticket')}>
          #{String(outcome.winningTicket)}
        </BigOutcome>
      );
    case 'live-baccarat':
      return <BaccaratResult outcome={outcome} />;
    case 'star-quest':
    case 'sugar-storm':
    case 'fruit-express':
      return <SlotResult outcome={outcome} locale={locale} />;
  }
}

/** A card as the hilo row draws it: rank and suit symbol, red suits marked. */
function Card({ card }: { card: string }) {
  const suit = SUIT[card.slice(-1)] ?? { symbol: '?', red: false };
  return (
    <li data-red={suit.red || undefined} data-card={card}>
      {card.slice(0, -1)}
      {suit.symbol}
    </li>
  );
}

/** A live baccarat hand (`baccaratView`): each side's cards and total, then the winner. */
function BaccaratResult({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const winner = String(outcome.winner);
  return (
    <div className="fair-outcome">
      <dl className="fair-baccarat">
        {(['player', 'banker'] as const).map((side) => (
          <div key={side} data-side={side} data-winner={winner === side || undefined}>
            <dt>{t(`liveLobby.side.${side}`)}</dt>
            <dd>
              <ol className="fair-cards" data-testid={`verify-${side}-cards`}>
                {strings(outcome[side]).map((card, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: eight decks: a card may repeat; its place is its identity.
                  <Card key={i} card={card} />
                ))}
              </ol>
              <span className="fair-baccarat-total" data-testid={`verify-${side}-total`}>
                {t('fairness.verify.baccarat.total', { total: Number(outcome[`${side}Total`]) })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="fair-verdict" data-testid="verify-winner" data-winner={winner}>
        {t(`fairness.verify.baccarat.wins.${winner}`)}
      </p>
    </div>
  );
}

/** An outcome that is one number (a multiplier, a ticket) with a caption under it. */
function BigOutcome({ testId, caption, children }: { testId: string; caption: string; children: ReactNode }) {
  return (
    <div className="fair-outcome">
      <p className="fair-big" data-testid={testId}>
        {children}
      </p>
      <p className="muted">{caption}</p>
    </div>
  );
}
