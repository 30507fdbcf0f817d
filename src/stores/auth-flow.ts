import { atom } from 'nanostores';
import type { Currency } from '../shared/currencies.ts';

/**
 * What the code-entry modal (ConfirmByPhone) confirms:
 * - `login-phone`: a one-time login code sent by SMS (guest);
 * - `verify-phone` / `verify-email`: the verification code sent after registration (logged in).
 */
export type CodePurpose = 'login-phone' | 'verify-phone' | 'verify-email';

export interface CodeFlow {
  purpose: CodePurpose;
  /** The phone number or email address the code went to, shown to the player. */
  target: string;
  /** docs/product-rules.md §2: after a registration, PayIn may open once this flow ends. */
  afterRegistration?: boolean;
}

export const $codeFlow = atom<CodeFlow | null>(null);

/** The email the LoginByEmail modal starts with, and whether a code already went to it. */
export const $loginEmail = atom<{ email: string; sent: boolean }>({ email: '', sent: false });

/** Currency chosen before a social registration; set on the account once it exists (docs/product-rules.md §4). */
export const $pendingCurrency = atom<Currency | null>(null);

/**
 * The Register modal is marked VIP (opened by `?signup=vip`): the registration sends a VIP join
 * request with the source `register_modal` (docs/product-rules.md §6).
 */
export const $registerVip = atom(false);
