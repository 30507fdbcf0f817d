import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../shared/locales.ts';
import { $sessionStatus, $user } from '../../stores/user.ts';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { WithdrawalPanel } from './WithdrawalPanel.tsx';
import '../games/fairness/history-verify.css';
import '../ui/money.css';

/** /profile/history: a withdrawal request and everything that moved the player's money. */
export default function HistoryIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <History locale={locale} />
    </IslandRoot>
  );
}

function History({ locale }: { locale: Locale }) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  // A withdrawal moves money: the list below reloads after one.
  const [revision, setRevision] = useState(0);
  if (status === 'unknown') return <IslandSkeleton />;
  // A guest sees the page's login prompt (ProfileGate) instead.
  if (!user) return null;
  return (
    <div data-testid="history-page">
      {user.currency && (
        <WithdrawalPanel
          user={user}
          currency={user.currency}
          locale={locale}
          onDone={() => setRevision((n) => n + 1)}
        />
      )}
      <HistoryPanel locale={locale} revision={revision} />
    </div>
  );
}
