import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profile } from '../../client/auth.ts';
import { replaceUser } from '../../client/session.ts';
import type { User } from '../../stores/user.ts';
import { Toggle } from '../ui/fields.tsx';
import { useApiCall } from '../ui/useApi.ts';
import { SavedNote, SettingsPanel, useSaved } from './settings-panel.tsx';

type PrivacyKey = 'is_avatar_hidden' | 'is_statistics_hidden';

/** The privacy switches: the profile setting, its label and its explanation. */
const PRIVACY: readonly { setting: PrivacyKey; label: string; hint: string }[] = [
  {
    setting: 'is_avatar_hidden',
    label: 'profile.settings.hideAvatar',
    hint: 'profile.settings.hideAvatarHint',
  },
  {
    setting: 'is_statistics_hidden',
    label: 'profile.settings.hideStatistics',
    hint: 'profile.settings.hideStatisticsHint',
  },
];

export function Privacy({ user }: { user: User }) {
  const { t } = useTranslation();
  const { saved, show } = useSaved();
  return (
    <SettingsPanel
      id="settings-privacy"
      title={t('profile.settings.privacy')}
      aside={<SavedNote saved={saved} />}
    >
      {PRIVACY.map(({ setting, label, hint }) => (
        <PrivacyToggle
          key={setting}
          setting={setting}
          value={user[setting]}
          onSaved={show}
          label={t(label)}
          description={t(hint)}
        />
      ))}
    </SettingsPanel>
  );
}

/** One privacy switch: shows the new state while saving, the profile's state after. */
function PrivacyToggle(props: {
  setting: PrivacyKey;
  value: boolean;
  onSaved: () => void;
  label: string;
  description: string;
}) {
  const { pending, run } = useApiCall();
  const [draft, setDraft] = useState<boolean | null>(null);

  const toggle = async (value: boolean) => {
    setDraft(value);
    const answer = await run(() =>
      profile.updateSetting(
        props.setting === 'is_avatar_hidden' ? { is_avatar_hidden: value } : { is_statistics_hidden: value },
      ),
    );
    setDraft(null);
    if (!answer) return;
    replaceUser(answer.user);
    props.onSaved();
  };

  return (
    <Toggle
      checked={draft ?? props.value}
      disabled={pending}
      onChange={(value) => void toggle(value)}
      description={props.description}
    >
      {props.label}
    </Toggle>
  );
}
