import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The parts every panel of the settings page (SettingsIsland.tsx) is made of.

/** "Saved" for a moment after a successful change, announced to screen readers. */
export function useSaved() {
  const [saved, setSaved] = useState(false);
  const show = () => {
    setSaved(true);
    window.setTimeout(() => setSaved(false), 2500);
  };
  return { saved, show };
}

/** A section of the settings page: its title, and beside it a note (`aside`). */
export function SettingsPanel(props: { id: string; title: string; aside: ReactNode; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={props.id}>
      <div className="panel-head">
        <h2 id={props.id}>{props.title}</h2>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}

export function SavedNote({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="saved" role="status" data-testid="saved">
      {saved ? `✓ ${t('profile.saved')}` : ''}
    </span>
  );
}
