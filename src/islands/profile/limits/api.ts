import { call } from '../../../client/api.ts';
import type {
  CLOSURE_REASONS,
  LimitKind,
  LimitPeriod,
  LimitsResponse,
  PlayerLimit,
  SELF_EXCLUSION_MONTHS,
} from '../../../shared/api/responsible.ts';

/** The browser side of the responsible-gambling API (src/shared/api/responsible-routes.ts). */

export type LimitsData = LimitsResponse['data'];
export type { LimitKind, LimitPeriod, PlayerLimit };
export type ClosureReason = (typeof CLOSURE_REASONS)[number];
export type ExclusionMonths = (typeof SELF_EXCLUSION_MONTHS)[number] | null;

export const responsibleApi = {
  limits: () => call('GET /responsible/limits'),
  setLimit: (kind: LimitKind, period: LimitPeriod, amount: string | null) =>
    call('PUT /responsible/limits', { body: { kind, period, amount } }),
  confirmLimit: (kind: LimitKind, period: LimitPeriod) =>
    call('POST /responsible/limits/confirm', { body: { kind, period } }),
  status: () => call('GET /responsible/status'),
  setSession: (reality_check_minutes: number | null, session_limit_minutes: number | null) =>
    call('PUT /responsible/session', { body: { reality_check_minutes, session_limit_minutes } }),
  answer: (prompt: 'deposit_limit' | 'review') => call('POST /responsible/prompts', { body: { prompt } }),
  timeOut: (days: number) => call('POST /responsible/time-out', { body: { days, confirm: true } }),
  selfExclude: (months: ExclusionMonths) =>
    call('POST /responsible/self-exclusion', { body: { months, confirm: true } }),
  close: (reason: ClosureReason) => call('POST /responsible/close', { body: { reason, confirm: true } }),
  reopen: () => call('POST /responsible/reopen'),
};

/** The limit of a kind and period, if one is set. */
export const limitOf = (data: LimitsData | null, kind: LimitKind, period: LimitPeriod) =>
  data?.limits.find((limit) => limit.kind === kind && limit.period === period) ?? null;
