import { useEffect, useState } from 'react';
import { auth } from '../../client/auth.ts';
import { describeApiError } from '../../client/errors.ts';
import { localHref } from '../../client/site.ts';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { NewPasswordForm } from '../ui/NewPasswordForm.tsx';
import { useApiCall } from '../ui/useApi.ts';
import { DoneBlock } from './DoneBlock.tsx';
import { resetPassword } from './reset.ts';

/**
 * /reset-password/{token} (docs/api-auth.md "Password recovery"): the mailed (or texted) link. The
 * token is checked on load (`password/phone/token/check` when the address has a `phone` value); an
 * invalid one leads to /error (docs/product-rules.md §5), which says the link expired and offers a
 * new one (`errorCode=link_expired`). Then a new password logs the player in.
 */
export default function ResetPasswordIsland({ locale, token }: { locale: Locale; token: string }) {
  return (
    <IslandRoot locale={locale}>
      <ResetPassword token={token} />
    </IslandRoot>
  );
}

function ResetPassword({ token }: { token: string }) {
  const byPhone = new URLSearchParams(window.location.search).get('phone');
  const [state, setState] = useState<'checking' | 'form' | 'done'>('checking');
  const api = useApiCall();

  useEffect(() => {
    const check = byPhone ? auth.checkPhoneResetToken(token) : auth.checkEmailResetToken(token);
    check.then(
      () => setState('form'),
      (error: unknown) => {
        // A refused token (used, replaced or expired) gets its own page: ask for a new link.
        const refused = describeApiError(error).fields.token !== undefined;
        window.location.replace(`${localHref('/error')}${refused ? '?errorCode=link_expired' : ''}`);
      },
    );
  }, [byPhone, token]);

  if (state === 'checking') return <IslandSkeleton />;
  if (state === 'done') return <DoneBlock />;
  return (
    <section className="panel">
      <NewPasswordForm
        username={byPhone ?? ''}
        api={api}
        save={(password) => resetPassword(Boolean(byPhone), token, password)}
        onDone={() => setState('done')}
        testId="reset-password"
      />
    </section>
  );
}
