import { isLocale, type Locale } from '../../../shared/locales.ts';
import type { Database } from '../../db/client.ts';
import { codePurpose, issueCode } from './codes.ts';
import type { AuthDeps, Channel, RequestMeta } from './context.ts';
import { type MessageKind, renderMessage } from './messages.ts';
import type { Messenger } from './messenger.ts';
import type { UserRow } from './repository.ts';
import type { TokenKeys } from './tokens.ts';

/** The language of a message to `user`: their saved one, else `fallback` (the request's). */
export function messageLocale(user: Pick<UserRow, 'locale'>, fallback: Locale): Locale {
  return isLocale(user.locale) ? user.locale : fallback;
}

/** Mails and texts to players: codes, and the login data with its link. */
export class Notifier {
  readonly #db: Database;
  readonly #keys: TokenKeys;
  readonly #messenger: Messenger;

  constructor(deps: AuthDeps) {
    this.#db = deps.database;
    this.#keys = deps.keys;
    this.#messenger = deps.messenger;
  }

  /** Issues a code of `use` for the address and sends it there, in the player's language. */
  async sendCode(
    use: 'verify' | 'login' | 'reset',
    channel: Channel,
    target: string,
    user: UserRow,
    meta: RequestMeta,
    extra: Record<string, string> = {},
  ): Promise<void> {
    const code = await issueCode(this.#db, this.#keys, codePurpose(use, channel), target, user.id);
    await this.deliver(use, channel, target, user, { code, ...extra }, meta.locale);
  }

  /** Sends a message of `kind` with `values` filled in, in the player's locale (else `fallback`). */
  async deliver(
    kind: MessageKind,
    channel: Channel,
    target: string,
    user: UserRow,
    values: Record<string, string>,
    fallback: Locale = 'ru',
  ): Promise<void> {
    const text = renderMessage(kind, messageLocale(user, fallback), values);
    await this.#messenger.send(
      this.#db,
      channel === 'email'
        ? { channel: 'email', kind, recipient: target, subject: text.subject, body: text.body }
        : { channel: 'sms', kind, recipient: target, body: text.sms },
    );
  }
}
