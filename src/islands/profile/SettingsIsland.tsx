import { useStore } from '@nanostores/react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guessTimezone, profile } from '../../client/auth.ts';
import { replaceUser } from '../../client/session.ts';
import { addressInLocale } from '../../client/site.ts';
import type { Currency } from '../../shared/currencies.ts';
import { isLocale, LANGUAGE_TAG, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales.ts';
import { $sessionStatus, $user, type User } from '../../stores/user.ts';
import { CurrencyField } from '../ui/CurrencyField.tsx';
import { SelectField, SubmitButton, TextField } from '../ui/fields.tsx';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { useApiCall } from '../ui/useApi.ts';
import { Contacts } from './ContactSettings.tsx';
import { Privacy } from './PrivacySettings.tsx';
import { SavedNote, SettingsPanel, useSaved } from './settings-panel.tsx';
import './account.css';

/**
 * /profile/setting (docs/api-auth.md): the display name, the contacts and their confirmation (a
 * phone number can be added), locale, time zone, privacy toggles, the currency once.
 */
export default function SettingsIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Settings locale={locale} />
    </IslandRoot>
  );
}

function Settings({ locale }: { locale: Locale }) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  if (status === 'unknown') return <IslandSkeleton />;
  // A guest sees the page's login prompt (ProfileGate) instead.
  if (!user) return null;
  return (
    <div data-testid="settings">
      <DisplayName user={user} />
      <Contacts user={user} locale={locale} />
      <General user={user} locale={locale} />
      <CurrencyPanel user={user} />
      <Privacy user={user} />
    </div>
  );
}

/** The longest display name (src/shared/display-name.ts). */
const NAME_MAX = 32;

/**
 * The public display name (docs/api-auth.md "Display names"): the bet feeds show it instead of
 * the player's code. Saved empty, it is cleared; the server's rules decide, its message is shown.
 */
function DisplayName({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name ?? '');
  const { pending, run, serverError, dismiss } = useApiCall();
  const { saved, show } = useSaved();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => profile.updateSetting({ name: name.trim() || null }));
    if (!answer) return;
    replaceUser(answer.user);
    setName(answer.user.name ?? '');
    show();
  };

  return (
    <SettingsPanel
      id="settings-name-title"
      title={t('profile.settings.name')}
      aside={<SavedNote saved={saved} />}
    >
      <form className="form name-form" noValidate onSubmit={save} data-testid="settings-name">
        <TextField
          label={t('profile.settings.nameLabel')}
          name="nickname"
          autoComplete="nickname"
          value={name}
          maxLength={NAME_MAX * 2}
          onChange={(value) => {
            setName(value);
            dismiss('name');
          }}
          error={serverError('name')}
          hint={t('profile.settings.nameHint', { max: NAME_MAX })}
        />
        <SubmitButton pending={pending}>{t('profile.settings.save')}</SubmitButton>
      </form>
    </SettingsPanel>
  );
}

function timezoneOptions(current: string | null, languageTag: string) {
  const zones = new Set<string>(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  for (const zone of [current, guessTimezone(), 'UTC']) if (zone) zones.add(zone);
  const now = new Date();
  return [...zones].sort().map((zone) => {
    let offset = '';
    try {
      offset =
        new Intl.DateTimeFormat(languageTag, { timeZone: zone, timeZoneName: 'shortOffset' })
          .formatToParts(now)
          .find((part) => part.type === 'timeZoneName')?.value ?? '';
    } catch {
      // An unknown zone is still listed, without its offset.
    }
    return { value: zone, label: offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone };
  });
}

function General({ user, locale }: { user: User; locale: Locale }) {
  const { t } = useTranslation();
  const { pending, run, serverError } = useApiCall();
  const { saved, show } = useSaved();
  const [draftLocale, setDraftLocale] = useState<Locale>(isLocale(user.locale) ? user.locale : locale);
  const timezone = user.timezone ?? guessTimezone() ?? 'UTC';
  const zones = useMemo(() => timezoneOptions(user.timezone, LANGUAGE_TAG[locale]), [user.timezone, locale]);

  const saveLocale = async (next: Locale) => {
    setDraftLocale(next);
    const answer = await run(() => profile.updateSetting({ locale: next }));
    if (!answer) {
      setDraftLocale(isLocale(user.locale) ? user.locale : locale);
      return;
    }
    replaceUser(answer.user);
    // The interface follows the saved language at once: the same page opens in it.
    if (next !== locale) window.location.assign(addressInLocale(next));
    else show();
  };

  const saveTimezone = async (next: string) => {
    const answer = await run(() => profile.updateSetting({ timezone: next }));
    if (!answer) return;
    replaceUser(answer.user);
    show();
  };

  return (
    <SettingsPanel
      id="settings-general"
      title={t('profile.settings.general')}
      aside={<SavedNote saved={saved} />}
    >
      <div className="panel-grid">
        <SelectField
          label={t('profile.settings.language')}
          value={draftLocale}
          disabled={pending}
          onChange={(value) => void saveLocale(value)}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          error={serverError('locale')}
        />
        <SelectField
          label={t('profile.settings.timezone')}
          value={timezone}
          disabled={pending}
          onChange={(value) => void saveTimezone(value)}
          options={zones}
          error={serverError('timezone')}
          hint={t('profile.settings.timezoneHint')}
        />
      </div>
    </SettingsPanel>
  );
}

function CurrencyPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const { pending, run, serverError } = useApiCall();
  const [choice, setChoice] = useState<Currency>('RUB');

  const save = async () => {
    const answer = await run(() => profile.setCurrency(choice));
    if (answer) replaceUser(answer.user);
  };

  return (
    <SettingsPanel
      id="settings-currency"
      title={t('profile.settings.currency')}
      aside={<p>{user.currency ? t('profile.settings.currencySet') : t('profile.settings.currencyOnce')}</p>}
    >
      {user.currency ? (
        <p className="readonly-value" data-testid="currency">
          <span className="badge badge-gold">{user.currency}</span>
          {t(`currency.${user.currency}`)}
        </p>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <CurrencyField value={choice} onChange={setChoice} error={serverError('currency')} />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t('profile.settings.setCurrency')}
          </button>
        </form>
      )}
    </SettingsPanel>
  );
}
