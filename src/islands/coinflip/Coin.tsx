import { type ReactNode, useId } from 'react';

/**
 * A coin with two faces (heads: the sun, tails: the moon) turned in 3D by `rotation`. The parent
 * raises `rotation` to flip it; the CSS transition does the spin (none under reduced motion).
 */
export function Coin({
  rotation,
  tossing,
  label,
}: {
  rotation: number;
  /** Restarts the toss (rise and fall) animation when it changes. */
  tossing: number;
  label: string;
}) {
  return (
    <div className="cf-coin-stage" role="img" aria-label={label}>
      <div className="cf-coin-toss" key={tossing} data-tossing={tossing > 0 || undefined}>
        <div className="cf-coin" style={{ transform: `rotateX(${rotation}deg)` }}>
          <div className="cf-face cf-heads">
            <SunFace />
          </div>
          <div className="cf-face cf-tails">
            <MoonFace />
          </div>
        </div>
      </div>
      <div className="cf-coin-shadow" />
    </div>
  );
}

function SunFace() {
  const rays = Array.from({ length: 12 }, (_, i) => i * 30);
  return (
    <CoinFace light="#fff3c2" mid="#f5c542" dark="#a8700a">
      <g fill="#8a5a06" opacity=".85">
        {rays.map((a) => (
          <path key={a} d="M50 17L53 28H47Z" transform={`rotate(${a} 50 50)`} />
        ))}
      </g>
      <circle cx="50" cy="50" r="15" fill="#8a5a06" opacity=".85" />
      <circle cx="46" cy="46" r="5" fill="#fff3c2" opacity=".6" />
    </CoinFace>
  );
}

/** A coin face: a lit metal disc (light → mid → dark) with a dotted rim, and its emblem. */
function CoinFace({
  light,
  mid,
  dark,
  children,
}: {
  light: string;
  mid: string;
  dark: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-g`} cx="40%" cy="35%" r="70%">
          <stop offset="0" stopColor={light} />
          <stop offset=".55" stopColor={mid} />
          <stop offset="1" stopColor={dark} />
        </radialGradient>
      </defs>
      <circle cx="50" cy="50" r="48" fill={`url(#${id}-g)`} />
      <circle cx="50" cy="50" r="42" fill="none" stroke={dark} strokeWidth="2" strokeDasharray="2 4" />
      {children}
    </svg>
  );
}

function MoonFace() {
  return (
    <CoinFace light="#ffffff" mid="#b9c4de" dark="#56607d">
      <path d="M60 24A27 27 0 1 0 60 76A21 21 0 1 1 60 24Z" fill="#3c4560" opacity=".85" />
      <g fill="#3c4560" opacity=".7">
        <path d="M70 36l1.6 4.4 4.4 1.6-4.4 1.6L70 48l-1.6-4.4L64 42l4.4-1.6Z" />
        <circle cx="74" cy="60" r="2" />
      </g>
    </CoinFace>
  );
}
