import { beforeEach, describe, expect, test } from 'vitest';
import {
  $modals,
  $topModal,
  closeAllModals,
  closeModal,
  lockScrollWhileOpen,
  openModal,
  replaceModal,
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

describe('$modals (spec §2)', () => {
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
