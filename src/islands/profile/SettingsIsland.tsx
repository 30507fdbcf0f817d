import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guessTimezone, profile } from '../../client/auth.ts';
import { replaceUser } from '../../client/session.ts';
import { addressInLocale } from '../../client/site.ts';
import { CURRENCIES, type Currency } from '../../shared/currencies.ts';
import { isLocale, LANGUAGE_TAG, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales.ts';
import { $sessionStatus, $user, type User } from '../../stores/user.ts';
import { SelectField, Toggle } from '../ui/fields.tsx';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { useApiCall } from '../ui/useApi.ts';

/** /profile/setting (spec §3, §7): locale, time zone, privacy toggles, the currency once. */
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
      <General user={user} locale={locale} />
      <CurrencyPanel user={user} />
      <Privacy user={user} />
    </div>
  );
}

/** "Saved" for a moment after a successful change, announced to screen readers. */
function useSaved() {
  const [saved, setSaved] = useState(false);
  const show = () => {
    setSaved(true);
    window.setTimeout(() => setSaved(false), 2500);
  };
  return { saved, show };
}

function SavedNote({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="saved" role="status" data-testid="saved">
      {saved ? `✓ ${t('profile.saved')}` : ''}
    </span>
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
    // The interface follows the saved language at once (spec §4).
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
    <section className="panel" aria-labelledby="settings-general">
      <div className="panel-head">
        <h2 id="settings-general">{t('profile.settings.general')}</h2>
        <SavedNote saved={saved} />
      </div>
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
    </section>
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
    <section className="panel" aria-labelledby="settings-currency">
      <div className="panel-head">
        <h2 id="settings-currency">{t('profile.settings.currency')}</h2>
        <p>{user.currency ? t('profile.settings.currencySet') : t('profile.settings.currencyOnce')}</p>
      </div>
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
          <SelectField
            label={t('auth.currency')}
            value={choice}
            onChange={setChoice}
            options={CURRENCIES.map((code) => ({ value: code, label: `${code} · ${t(`currency.${code}`)}` }))}
            error={serverError('currency')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t('profile.settings.setCurrency')}
          </button>
        </form>
      )}
    </section>
  );
}

type PrivacyKey = 'is_avatar_hidden' | 'is_statistics_hidden';

function Privacy({ user }: { user: User }) {
  const { t } = useTranslation();
  const { saved, show } = useSaved();
  return (
    <section className="panel" aria-labelledby="settings-privacy">
      <div className="panel-head">
        <h2 id="settings-privacy">{t('profile.settings.privacy')}</h2>
        <SavedNote saved={saved} />
      </div>
      <PrivacyToggle
        setting="is_avatar_hidden"
        value={user.is_avatar_hidden}
        onSaved={show}
        label={t('profile.settings.hideAvatar')}
        description={t('profile.settings.hideAvatarHint')}
      />
      <PrivacyToggle
        setting="is_statistics_hidden"
        value={user.is_statistics_hidden}
        onSaved={show}
        label={t('profile.settings.hideStatistics')}
        description={t('profile.settings.hideStatisticsHint')}
      />
    </section>
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
