import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FairnessButton } from './FairnessButton.tsx';
import { $hotkeys, $sound } from './prefs.ts';

/** The panel's toggles (hotkeys, sound; both remembered, prefs.ts) and the fairness button. */
export function ShellTools({ hotkeys, sound }: { hotkeys: boolean; sound: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="gk-tools">
      <ToolToggle
        pressed={hotkeys}
        onToggle={() => $hotkeys.set(!hotkeys)}
        label={t('gameKit.hotkeys')}
        testId="hotkeys-toggle"
      >
        <path
          fill="currentColor"
          d="M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Zm0 2v8h16V8H4Zm2 1h2v2H6V9Zm3 0h2v2H9V9Zm3 0h2v2h-2V9Zm3 0h3v2h-3V9ZM6 12h2v2H6v-2Zm3 0h6v2H9v-2Zm7 0h2v2h-2v-2Z"
        />
      </ToolToggle>
      <ToolToggle
        pressed={sound}
        onToggle={() => $sound.set(!sound)}
        label={t('gameKit.sound')}
        testId="sound-toggle"
      >
        <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4V9Z" />
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d={sound ? 'M16 9a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11' : 'm16 9 5 6m0-6-5 6'}
        />
      </ToolToggle>
      <FairnessButton />
    </div>
  );
}

/** A pressed/unpressed tool button with an 18 px icon (the icon's paths are the children). */
function ToolToggle(props: {
  pressed: boolean;
  onToggle: () => void;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="gk-tool"
      aria-pressed={props.pressed}
      onClick={props.onToggle}
      data-testid={props.testId}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        {props.children}
      </svg>
      <span>{props.label}</span>
    </button>
  );
}
