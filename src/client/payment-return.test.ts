import { describe, expect, test } from 'vitest';
import { readPaymentReturn, withoutPaymentParams } from './payment-return.ts';

describe('payment return', () => {
  test('reads the id and a known status only', () => {
    expect(readPaymentReturn('?payment=p1&payment_status=succeeded')).toEqual({
      id: 'p1',
      status: 'succeeded',
    });
    expect(readPaymentReturn('?payment=p1&payment_status=failed')).toEqual({ id: 'p1', status: 'failed' });
    expect(readPaymentReturn('?payment=p1&payment_status=cancelled')).toEqual({
      id: 'p1',
      status: 'cancelled',
    });
    expect(readPaymentReturn('?payment=p1&payment_status=expired')).toEqual({ id: 'p1', status: 'expired' });
    expect(readPaymentReturn('?payment=p1&payment_status=weird')).toBeNull();
    expect(readPaymentReturn('?x=1')).toBeNull();
  });

  test('removes only the payment values', () => {
    expect(withoutPaymentParams('https://o.example/en/faq?a=1&payment=p1&payment_status=failed#top')).toBe(
      '/en/faq?a=1#top',
    );
    expect(withoutPaymentParams('https://o.example/?payment=p1&payment_status=succeeded')).toBe('/');
  });
});
