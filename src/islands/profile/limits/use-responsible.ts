import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { $rgStatus, keepStatus, loadStatus, type RgStatus } from '../../session-guard/status.ts';
import { useApiCall } from '../../ui/useApi.ts';
import { type LimitsData, responsibleApi } from './api.ts';

/**
 * The limits page's data: the limits (GET /responsible/limits) and the status (GET
 * /responsible/status, shared with the session guard through `$rgStatus`, so a break taken here
 * shows its banner at once and a new reality-check interval is timed at once).
 */
export function useResponsible() {
  const [limits, setLimits] = useState<LimitsData | null>(null);
  const status = useStore($rgStatus);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loader = useApiCall();
  const load = loader.run;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let live = true;
    setFailed(false);
    void load(() => Promise.all([responsibleApi.limits(), loadStatus({ fresh: true })]), {
      replace: true,
    }).then((answer) => {
      if (!live) return;
      if (!answer) return setFailed(true);
      setLimits(answer[0].data);
    });
    return () => {
      live = false;
    };
  }, [load, attempt]);

  /** After a limit changed: the prompts of the status may have changed with it (a deposit limit set). */
  const limitsChanged = useCallback((data: LimitsData) => {
    setLimits(data);
    void loadStatus({ fresh: true }).catch(() => undefined);
  }, []);

  return {
    limits,
    status,
    failed,
    retry: () => setAttempt((n) => n + 1),
    limitsChanged,
    statusChanged: (data: RgStatus) => keepStatus(data),
  };
}

export type Responsible = ReturnType<typeof useResponsible>;
