import type { KeyObject } from 'node:crypto';
import type { Env } from '../../env.ts';
import { newKeyPair, privateKeyOf, publicKeyOf } from './signature.ts';

/**
 * The casino's link to its aggregator (docs/slots.md "Configuration"): the Games API's URL, the
 * operator id, the aggregator's public key (verifies Wallet API calls and Games API answers) and
 * the casino's private key (signs Wallet API answers and Games API calls). From the environment;
 * without AGGREGATOR_URL the in-house studio is started after listen and `connect` points the
 * casino at it (plugin.ts `inHouseAggregator`). Until then, every Wallet API call is refused as
 * unsigned and the catalogue is empty.
 */
export class AggregatorLink {
  readonly operatorId: string;
  readonly operatorKey: KeyObject;
  /** The casino's public key, as PEM: the aggregator verifies the casino's signatures with it. */
  readonly operatorPublicKeyPem: string;
  #url: string | null;
  #aggregatorKey: KeyObject | null;

  constructor(
    env: Pick<
      Env,
      'AGGREGATOR_URL' | 'AGGREGATOR_OPERATOR_ID' | 'AGGREGATOR_PUBLIC_KEY' | 'OPERATOR_PRIVATE_KEY'
    >,
  ) {
    this.operatorId = env.AGGREGATOR_OPERATOR_ID;
    // Without a configured key (the in-house studio, a development run) a pair made at boot.
    this.operatorKey = env.OPERATOR_PRIVATE_KEY
      ? privateKeyOf(env.OPERATOR_PRIVATE_KEY)
      : newKeyPair().privateKey;
    this.operatorPublicKeyPem = publicKeyOf(
      this.operatorKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    )
      .export({ type: 'spki', format: 'pem' })
      .toString();
    this.#url = env.AGGREGATOR_URL?.replace(/\/+$/, '') ?? null;
    this.#aggregatorKey = env.AGGREGATOR_PUBLIC_KEY ? publicKeyOf(env.AGGREGATOR_PUBLIC_KEY) : null;
  }

  get url(): string | null {
    return this.#url;
  }

  get aggregatorKey(): KeyObject | null {
    return this.#aggregatorKey;
  }

  /** Points the casino at an aggregator started after boot (the in-house studio). */
  connect(aggregator: { url: string; publicKeyPem: string }): void {
    this.#url = aggregator.url.replace(/\/+$/, '');
    this.#aggregatorKey = publicKeyOf(aggregator.publicKeyPem);
  }
}
