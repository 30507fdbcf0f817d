import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomRound } from '../../shared/api/rooms.ts';
import { landingShift, seatColor, segmentsOf, TAPE_COPIES } from './room-state.ts';

/**
 * The tickets of a round as a tape, each stake a stretch as long as its share of the pot, coloured
 * by seat. For a draw the tape repeats and runs under the pointer until the winning ticket stands
 * exactly below it (`landingShift`); under reduced motion it stands there at once.
 */
export function Tape({ round, stage }: { round: RoomRound; stage: 'spin' | 'result' | null }) {
  const { t } = useTranslation();
  const drawing = stage !== null && round.result !== null;
  const copies = drawing ? TAPE_COPIES : 1;
  const target = drawing ? landingShift(round) : 0;
  // A spin starts from the first tape and moves on the next frame, so the transition runs.
  const [shift, setShift] = useState(stage === 'spin' ? 0 : target);
  useEffect(() => {
    if (stage !== 'spin') {
      setShift(target);
      return;
    }
    setShift(0);
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setShift(target)));
    return () => cancelAnimationFrame(frame);
  }, [stage, target]);
  const segments = segmentsOf(round);
  return (
    <div
      className="rm-tape"
      role="img"
      aria-label={t('roomGame.tape')}
      data-testid="room-tape"
      data-stage={stage ?? 'live'}
    >
      <span className="rm-pointer" aria-hidden="true" hidden={!drawing} />
      <div
        className="rm-track"
        data-spinning={stage === 'spin' && shift !== 0}
        style={{ width: `${copies * 100}%`, transform: `translateX(${shift}%)` }}
      >
        {Array.from({ length: copies }, (_, copy) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and never reorder.
          <div key={copy} className="rm-copy" style={{ width: `${100 / copies}%` }}>
            {segments.length === 0 && <span className="rm-empty" />}
            {segments.map((segment) => (
              <span
                key={`${segment.seat}:${segment.start}`}
                className="rm-stretch"
                data-winner={drawing && segment.seat === round.result?.winner_seat}
                style={{
                  left: `${segment.start * 100}%`,
                  width: `${segment.width * 100}%`,
                  background: seatColor(segment.seat),
                }}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
