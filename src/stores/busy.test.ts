import { afterEach, describe, expect, it } from 'vitest';
import { $busy, holdBusy } from './busy.ts';
import { closeAllModals, openModal } from './modals.ts';

describe('$busy', () => {
  afterEach(() => closeAllModals());

  it('is false with no hold and no modal', () => {
    expect($busy.get()).toBe(false);
  });

  it('is true while a modal is open', () => {
    openModal('Login');
    expect($busy.get()).toBe(true);
    closeAllModals();
    expect($busy.get()).toBe(false);
  });

  it('is true until every hold is released, and a double release counts once', () => {
    const first = holdBusy();
    const second = holdBusy();
    first();
    first();
    expect($busy.get()).toBe(true);
    second();
    expect($busy.get()).toBe(false);
  });
});
