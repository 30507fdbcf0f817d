import { isLocale, LANGUAGE_TAG } from '../../../shared/locales.ts';
import { formatMoneyText, fromMinor } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import type { Notifier } from '../auth/notifier.ts';
import { userById } from '../auth/repository.ts';
import type { Winner } from './service.ts';

/**
 * Tells each winner of a prize, once it is paid: a transactional message (mail, else text) in
 * their language with the place, the tournament and the prize, linked to the tournament's page
 * when the site's public address is known. The public announcement is the tournament's final
 * board on `/ws`. A message that cannot be sent is logged; the prize stays paid. A player under
 * an exclusion is not written to.
 */
export async function announcePrizes(
  paid: readonly Winner[],
  deps: {
    database: Queryable;
    notifier: Notifier;
    siteUrl: string | undefined;
    log: { warn: (obj: object, msg?: string) => void };
  },
): Promise<void> {
  for (const w of paid) {
    try {
      const user = await userById(deps.database, w.userId);
      if (!user || (!user.email && !user.phone)) continue;
      // No such mail to a player under an exclusion (a time-out, a self-exclusion, a closure).
      const [excluded] = await deps.database.query<{ yes: boolean }>('select player_excluded($1) as yes', [
        user.id,
      ]);
      if (excluded?.yes) continue;
      const [row] = await deps.database.query<{ name: Record<string, string> }>(
        'select name from tournaments where id = $1',
        [w.tournamentId],
      );
      const locale = isLocale(user.locale) ? user.locale : 'en';
      const link = deps.siteUrl ? new URL(`/${locale}/tournament/${w.tournamentId}`, deps.siteUrl).href : '';
      await deps.notifier.deliver(
        'tournament_prize',
        user.email ? 'email' : 'phone',
        (user.email ?? user.phone)!,
        user,
        {
          place: String(w.place),
          name: row?.name[locale] ?? row?.name.en ?? '',
          prize: formatMoneyText(fromMinor(w.amount), w.currency, LANGUAGE_TAG[locale]),
          link,
        },
        locale,
      );
    } catch (err) {
      deps.log.warn({ err, tournament: w.tournamentId, place: w.place }, 'tournament prize not announced');
    }
  }
}
