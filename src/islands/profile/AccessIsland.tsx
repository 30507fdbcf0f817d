import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profile, type SessionInfo } from '../../client/auth.ts';
import { notifySuccess } from '../../client/notices.ts';
import { refreshProfile } from '../../client/session.ts';
import { describeUserAgent } from '../../client/user-agent.ts';
import { formatDate as formatDateIn } from '../../shared/date-format.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { $sessionStatus, $user, type User } from '../../stores/user.ts';
import {
  focusFirstInvalid,
  NewPasswordFields,
  newPasswordError,
  PasswordField,
  SubmitButton,
} from '../ui/fields.tsx';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { type ClientErrors, useApiCall } from '../ui/useApi.ts';

/** /profile/access (docs/api-auth.md): change or set the password, active sessions. */
export default function AccessIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Access locale={locale} />
    </IslandRoot>
  );
}

function Access({ locale }: { locale: Locale }) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  if (status === 'unknown') return <IslandSkeleton />;
  if (!user) return null;
  return (
    <div data-testid="access">
      {user.is_password_exists ? <ChangePassword /> : <SetPassword />}
      <Sessions user={user} locale={locale} />
    </div>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<ClientErrors>({});
  const { pending, run, serverError, report, dismiss } = useApiCall();
  // An edited field loses its messages, the form's and the server's: they spoke of the old value.
  const edited = useEditedField(setErrors, dismiss);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: ClientErrors = {
      current: current ? null : t('error.required'),
      next: newPasswordError(t, next),
      repeat: !repeat ? t('error.required') : repeat !== next ? t('error.password_mismatch') : null,
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(event.currentTarget);
    const done = await run(() => profile.updatePassword(current, next, repeat));
    if (!done) return;
    setCurrent('');
    setNext('');
    setRepeat('');
    notifySuccess(t('profile.access.passwordChanged'), t('modals.close'));
  };

  // The API's fields old_password, new_password and password_confirm each get their message under
  // their own field (docs/api-auth.md, POST /password/update).
  const confirmError = report?.fields.password_confirm ? t('error.password_mismatch') : null;
  return (
    <section className="panel" aria-labelledby="access-password">
      <div className="panel-head">
        <h2 id="access-password">{t('profile.access.changePassword')}</h2>
      </div>
      <form className="form" noValidate onSubmit={submit} data-testid="change-password">
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <PasswordField
          label={t('profile.access.currentPassword')}
          autoComplete="current-password"
          value={current}
          onChange={edited(setCurrent, 'current', 'old_password')}
          error={errors.current ?? serverError('old_password')}
        />
        <NewPasswordFields
          password={next}
          onPassword={edited(setNext, 'next', 'new_password', 'password')}
          passwordError={errors.next ?? serverError('new_password', 'password')}
          repeat={repeat}
          onRepeat={edited(setRepeat, 'repeat', 'password_confirm')}
          repeatError={errors.repeat ?? serverError('password_confirm') ?? confirmError}
        />
        <SubmitButton pending={pending}>{t('profile.access.changePassword')}</SubmitButton>
      </form>
    </section>
  );
}

function SetPassword() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<ClientErrors>({});
  const { pending, run, serverError, report, dismiss } = useApiCall();
  const edited = useEditedField(setErrors, dismiss);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: ClientErrors = {
      password: newPasswordError(t, password),
      confirm: !confirm ? t('error.required') : confirm !== password ? t('error.password_mismatch') : null,
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(event.currentTarget);
    const done = await run(async () => {
      await profile.setPassword(password, confirm);
      return refreshProfile();
    });
    if (done) notifySuccess(t('profile.access.passwordSet'), t('modals.close'));
  };

  return (
    <section className="panel" aria-labelledby="access-set-password">
      <div className="panel-head">
        <h2 id="access-set-password">{t('profile.access.setPassword')}</h2>
        <p>{t('profile.access.setPasswordLead')}</p>
      </div>
      <form className="form" noValidate onSubmit={submit} data-testid="set-password">
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        {/* An error on `password` shows the server's first message; one on `confirm_password` the mismatch message. */}
        <NewPasswordFields
          password={password}
          onPassword={edited(setPassword, 'password', 'password')}
          passwordError={errors.password ?? serverError('password')}
          repeat={confirm}
          onRepeat={edited(setConfirm, 'confirm', 'confirm_password')}
          repeatError={
            errors.confirm ?? (report?.fields.confirm_password ? t('error.password_mismatch') : null)
          }
        />
        <SubmitButton pending={pending}>{t('profile.access.setPassword')}</SubmitButton>
      </form>
    </section>
  );
}

/**
 * `edited(setValue, field, ...apiFields)`: the change handler of a field that also drops its own
 * message (`field` in the form's errors) and the server's (`apiFields`).
 */
function useEditedField(
  setErrors: (update: (current: ClientErrors) => ClientErrors) => void,
  dismiss: (...fields: string[]) => void,
) {
  return useCallback(
    (setValue: (value: string) => void, field: string, ...apiFields: string[]) =>
      (value: string) => {
        setValue(value);
        setErrors((current) => (current[field] ? { ...current, [field]: null } : current));
        dismiss(...apiFields);
      },
    [setErrors, dismiss],
  );
}

function formatDate(value: string | null, locale: Locale, timezone: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return formatDateIn(date, LANGUAGE_TAG[locale], { ...options, timeZone: timezone ?? undefined });
  } catch {
    // A stored time zone this browser does not know: the browser's own.
    return formatDateIn(date, LANGUAGE_TAG[locale], options);
  }
}

function DeviceIcon({ kind }: { kind: 'mobile' | 'tablet' | 'desktop' }) {
  return (
    <LineIcon size={22}>
      {kind === 'desktop' ? (
        <>
          <rect x="3" y="4" width="18" height="12" rx="2" />
          <path d="M8 20h8M12 16v4" />
        </>
      ) : (
        <>
          <rect x={kind === 'tablet' ? 4 : 7} y="3" width={kind === 'tablet' ? 16 : 10} height="18" rx="2" />
          <path d="M11 18h2" />
        </>
      )}
    </LineIcon>
  );
}

function Sessions({ user, locale }: { user: User; locale: Locale }) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const list = useApiCall();
  const revoke = useApiCall();
  const { run: runList } = list;

  const load = useCallback(async () => {
    const answer = await runList(() => profile.sessions(), { replace: true });
    if (answer) setSessions(answer.data);
  }, [runList]);

  useEffect(() => {
    void load();
  }, [load]);

  const logoutOthers = async () => {
    const answer = await revoke.run(() => profile.logoutOtherSessions());
    if (!answer) return;
    notifySuccess(t('profile.access.othersLoggedOut'), t('modals.close'));
    await load();
  };

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="panel" aria-labelledby="access-sessions">
      <div className="panel-head">
        <h2 id="access-sessions">{t('profile.access.sessions')}</h2>
        <p>{t('profile.access.sessionsLead')}</p>
      </div>
      {sessions === null ? (
        <p className="muted" aria-busy={list.pending}>
          {list.pending ? t('common.loading') : t('error.unknown')}
        </p>
      ) : (
        <ul className="sessions" data-testid="sessions">
          {sessions.map((session) => {
            const device = describeUserAgent(session.user_agent);
            const name =
              [device.browser, device.os].filter(Boolean).join(' · ') || t('profile.access.unknownDevice');
            return (
              <li key={session.id} className="session" data-current={session.current}>
                <span className="session-icon">
                  <DeviceIcon kind={device.kind} />
                </span>
                <span className="session-title">
                  {name}
                  {session.current && (
                    <span className="badge badge-teal">{t('profile.access.thisDevice')}</span>
                  )}
                </span>
                <span className="session-meta">
                  {[
                    session.ip ? t('profile.access.ip', { ip: session.ip }) : null,
                    t('profile.access.started', {
                      date: formatDate(session.created_at, locale, user.timezone),
                    }),
                    session.last_used_at
                      ? t('profile.access.lastActive', {
                          date: formatDate(session.last_used_at, locale, user.timezone),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {sessions &&
        (others === 0 ? (
          <p className="muted">{t('profile.access.noOtherSessions')}</p>
        ) : (
          <button type="button" className="btn" disabled={revoke.pending} onClick={() => void logoutOthers()}>
            {t('profile.access.logoutOthers')}
          </button>
        ))}
    </section>
  );
}
