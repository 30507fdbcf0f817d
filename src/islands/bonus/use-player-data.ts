import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { $sessionStatus, $user } from '../../stores/user.ts';
import { useApiCall } from '../ui/useApi.ts';

/**
 * A player's data for a bonus island: loaded when a player is known (again when the player
 * changes), null until then; `reload` after an action changed it.
 */
export function usePlayerData<T>(fetch: () => Promise<{ data: T }>) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  const [data, setData] = useState<T | null>(null);
  const load = useApiCall().run;
  const reload = useCallback(async () => {
    const answer = await load(fetch, { replace: true });
    if (answer) setData(answer.data);
  }, [load, fetch]);
  const userId = user?.id;
  useEffect(() => {
    if (userId) void reload();
  }, [userId, reload]);
  return { user, status, data, reload };
}
