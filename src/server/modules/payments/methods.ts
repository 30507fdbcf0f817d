import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';

/**
 * Deposit limits and preset amounts per currency. The product rules give none, so these are design
 * defaults (docs/configuration.md): minimums near one small bet session, presets a player picks
 * in one tap, maxima a card payment usually allows.
 */
const DEPOSIT: Record<Currency, { min: string; max: string; presets: string[] }> = {
  RUB: { min: '100', max: '500000', presets: ['500', '1000', '2500', '5000'] },
  USD: { min: '1', max: '5000', presets: ['10', '25', '50', '100'] },
  EUR: { min: '1', max: '5000', presets: ['10', '25', '50', '100'] },
  KZT: { min: '500', max: '2500000', presets: ['2500', '5000', '10000', '25000'] },
  INR: { min: '100', max: '500000', presets: ['500', '1000', '2500', '5000'] },
};

export interface Method {
  id: 'sandbox_card';
  provider: 'sandbox';
  kind: 'card';
  min: bigint;
  max: bigint;
  presets: bigint[];
}

/** Deposit methods available in a currency (only the sandbox card until real providers exist). */
export function depositMethods(currency: Currency): Method[] {
  const d = DEPOSIT[currency];
  return [
    {
      id: 'sandbox_card',
      provider: 'sandbox',
      kind: 'card',
      min: toMinor(d.min),
      max: toMinor(d.max),
      presets: d.presets.map((p) => toMinor(p)),
    },
  ];
}

export function publicMethod(m: Method) {
  return {
    id: m.id,
    provider: m.provider,
    kind: m.kind,
    min: fromMinor(m.min),
    max: fromMinor(m.max),
    presets: m.presets.map((p) => fromMinor(p)),
  };
}
