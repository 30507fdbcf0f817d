import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../client/api.ts';
import { loginWithSocial, openSocialPopup, SocialLoginError } from '../../client/social.ts';
import type { ConfigResponse } from '../../shared/api/config.ts';
import type { Currency } from '../../shared/currencies.ts';
import { closeModal, type ModalName } from '../../stores/modals.ts';
import { useApiCall } from '../ui/useApi.ts';

let providers: Promise<string[]> | undefined;

/** Configured social login providers (GET config → social_providers), fetched once per page. */
function socialProviders(): Promise<string[]> {
  providers ??= call('GET /config')
    // Read defensively: a button row never breaks the modal.
    .then(({ data }: Partial<ConfigResponse>) =>
      Array.isArray(data?.social_providers)
        ? data.social_providers.filter((p): p is string => typeof p === 'string')
        : [],
    )
    .catch(() => []);
  return providers;
}

const label = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** "Continue with …" buttons for every configured provider; nothing when none is configured. */
export function SocialButtons(props: {
  modal: ModalName;
  currency?: Currency;
  /** A check before leaving for the provider (the 18+ consent on Register); false stops. */
  beforeStart?: () => boolean;
}) {
  const { modal, currency, beforeStart } = props;
  const { t } = useTranslation();
  const [list, setList] = useState<string[]>([]);
  const { pending, run } = useApiCall();

  useEffect(() => {
    let live = true;
    void socialProviders().then((names) => live && setList(names));
    return () => {
      live = false;
    };
  }, []);

  if (list.length === 0) return null;

  const start = async (provider: string) => {
    if (beforeStart && !beforeStart()) return;
    // The popup opens inside the click itself, so popup blockers let it through.
    const popup = openSocialPopup();
    if (!popup) return;
    const outcome = await run(async () => {
      try {
        return await loginWithSocial(provider, popup, { currency: currency ?? null });
      } catch (error) {
        if (error instanceof SocialLoginError && error.code === 'cancelled') return undefined;
        throw error;
      }
    });
    if (outcome?.kind === 'done') closeModal(modal);
  };

  return (
    <div className="social">
      <p className="divider">
        <span>{t('auth.or')}</span>
      </p>
      <div className="social-buttons">
        {list.map((provider) => (
          <button
            key={provider}
            type="button"
            className="btn"
            disabled={pending}
            onClick={() => void start(provider)}
          >
            {t('auth.socialContinue', { provider: label(provider) })}
          </button>
        ))}
      </div>
    </div>
  );
}
