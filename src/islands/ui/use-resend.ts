import type { ApiErrorReport } from '../../client/errors.ts';
import { useApiCall } from './useApi.ts';
import { useCountdown } from './useCountdown.ts';

/** Resend countdown for one-time codes, in seconds (a 429 answer's Retry-After wins). */
export const RESEND_SECONDS = 60;

/**
 * "Send the code again" for a code step: the countdown (full after a send, the server's
 * Retry-After after a refusal) and the resend call itself.
 */
export function useResend(send: () => Promise<unknown>, initialSeconds = 0) {
  const countdown = useCountdown(initialSeconds);
  const call = useApiCall();
  const restartAfter = (sent: unknown, report: ApiErrorReport | null) => {
    if (sent) countdown.restart(RESEND_SECONDS);
    else countdown.restart(report?.retryAfterSeconds ?? 0);
  };
  return {
    left: countdown.left,
    pending: call.pending,
    /** After the form's own send: a refusal without a wait leaves the countdown as it is. */
    afterSend(sent: unknown, report: ApiErrorReport | null) {
      if (sent || report?.retryAfterSeconds) restartAfter(sent, report);
    },
    async again() {
      const sent = await call.run(send);
      restartAfter(sent, call.lastReport());
    },
  };
}

export type Resend = ReturnType<typeof useResend>;
