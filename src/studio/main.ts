/**
 * Runs the studio as its own process (docs/slots.md), configured from the environment:
 * STUDIO_WALLET_URL, STUDIO_OPERATOR_ID, STUDIO_OPERATOR_PUBLIC_KEY (PEM) are required;
 * STUDIO_PORT (0 = any), STUDIO_HOST, STUDIO_PRIVATE_KEY (PEM; made at start when unset),
 * STUDIO_PUBLIC_URL, STUDIO_DATA_DIR (in memory when unset) are optional; several instances share
 * the live tables with STUDIO_DATABASE_URL (PostgreSQL instead of PGlite) and STUDIO_REDIS_URL
 * (their events to every instance's viewers; channels under STUDIO_REDIS_PREFIX, `studio:`).
 * Prints `studio listening on <url>` and, when the key was made here, the public key to give the casino.
 */
import { startStudio } from './index.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  // PEMs passed through one-line variables keep their newlines as "\n".
  return value.replaceAll('\\n', '\n');
}

const studio = await startStudio({
  host: process.env.STUDIO_HOST || '127.0.0.1',
  port: Number(process.env.STUDIO_PORT ?? 0),
  walletUrl: required('STUDIO_WALLET_URL'),
  operatorId: required('STUDIO_OPERATOR_ID'),
  operatorPublicKeyPem: required('STUDIO_OPERATOR_PUBLIC_KEY'),
  studioPrivateKeyPem: process.env.STUDIO_PRIVATE_KEY?.replaceAll('\\n', '\n') || undefined,
  publicUrl: process.env.STUDIO_PUBLIC_URL || undefined,
  dataDir: process.env.STUDIO_DATA_DIR || undefined,
  databaseUrl: process.env.STUDIO_DATABASE_URL || undefined,
  redisUrl: process.env.STUDIO_REDIS_URL || undefined,
  redisPrefix: process.env.STUDIO_REDIS_PREFIX || undefined,
});

console.log(`studio listening on ${studio.url}`);
if (!process.env.STUDIO_PRIVATE_KEY) console.log(`studio public key:\n${studio.publicKeyPem}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void studio.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
