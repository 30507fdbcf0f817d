import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import type { RoomRound } from '../../shared/api/rooms.ts';
import { verifyQuery } from './verify-query.ts';

/** The /fairness link that recomputes a drawn round's winning ticket in the browser. */
export function VerifyLink({ round }: { round: RoomRound }) {
  const { t } = useTranslation();
  const query = verifyQuery(round);
  if (!query) return null;
  return (
    <a className="rm-verify" href={`${localHref('/fairness')}?${query}`} data-testid="room-verify">
      {t('roomGame.verify')}
    </a>
  );
}
