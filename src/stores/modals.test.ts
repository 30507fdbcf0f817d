import { beforeEach, describe, expect, test } from 'vitest';
import {
  $modals,
  $topModal,
  closeAllModals,
  closeModal,
  lockScrollWhileOpen,
  openModal,
  replaceModal,
  returnFocusAfterModals,
} from './modals.ts';

function fakeDocument() {
  const classes = new Set<string>();
  const props = new Map<string, string>();
  const root = {
    clientWidth: 1000,
    classList: {
      contains: (c: string) => classes.has(c),
      toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)),
    },
    style: { setProperty: (k: string, v: string) => props.set(k, v) },
  };
  return {
    doc: { documentElement: root, defaultView: { innerWidth: 1015 } } as unknown as Document,
    classes,
    props,
  };
}

describe('$modals (docs/product-rules.md §2)', () => {
  beforeEach(() => closeAllModals());

  test('opens by name, most recent on top, without duplicates', () => {
    openModal('Login');
    openModal('Register');
    openModal('Login');
    expect($modals.get()).toEqual(['Register', 'Login']);
    expect($topModal.get()).toBe('Login');
  });

  test('closes by name or the top one', () => {
    openModal('Login');
    openModal('PayIn');
    closeModal('Login');
    expect($modals.get()).toEqual(['PayIn']);
    closeModal();
    expect($modals.get()).toEqual([]);
  });

  test('replaces one step of a flow with the next in one update', () => {
    openModal('PayIn');
    openModal('Login');
    const seen: (readonly string[])[] = [];
    const stop = $modals.listen((list) => seen.push(list));
    replaceModal('Login', 'ConfirmByPhone');
    stop();
    expect(seen).toEqual([['PayIn', 'ConfirmByPhone']]);
  });

  test('locks page scroll while any modal is open and compensates the scrollbar', () => {
    const { doc, classes, props } = fakeDocument();
    const stop = lockScrollWhileOpen(doc);
    expect(classes.has('scroll-locked')).toBe(false);
    openModal('Login');
    expect(classes.has('scroll-locked')).toBe(true);
    expect(props.get('--scrollbar-gap')).toBe('15px');
    openModal('Verification');
    closeModal('Login');
    expect(classes.has('scroll-locked')).toBe(true);
    closeModal('Verification');
    expect(classes.has('scroll-locked')).toBe(false);
    stop();
  });
});

describe('focus after the modals close (keyboard users)', () => {
  beforeEach(() => closeAllModals());

  function focusable(name: string, focused: string[], connected = true) {
    return { name, isConnected: connected, focus: () => focused.push(name) };
  }

  test('returns to the control that opened the first modal, across a step swap', () => {
    const focused: string[] = [];
    const button = focusable('login-button', focused);
    const doc = { activeElement: button, body: {} } as unknown as Document;
    const stop = returnFocusAfterModals(doc);
    openModal('Login');
    // The dialog's field takes focus; the next step replaces the first one.
    (doc as { activeElement: unknown }).activeElement = focusable('email-field', focused);
    replaceModal('Login', 'Register');
    expect(focused).toEqual([]);
    closeModal('Register');
    expect(focused).toEqual(['login-button']);
    stop();
  });

  test('leaves focus alone when the opener is gone or nothing was focused', () => {
    const focused: string[] = [];
    const body = focusable('body', focused);
    const doc = { activeElement: focusable('gone', focused, false), body } as unknown as Document;
    const stop = returnFocusAfterModals(doc);
    openModal('PayIn');
    closeAllModals();
    (doc as { activeElement: unknown }).activeElement = body;
    openModal('Login');
    closeModal();
    expect(focused).toEqual([]);
    stop();
  });
});
