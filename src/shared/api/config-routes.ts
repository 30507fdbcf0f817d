import { configResponse, currenciesResponse } from './config.ts';
import { route } from './declare.ts';

/** The public business configuration's routes (docs/configuration.md); answers in ./config.ts. */
export const ROUTES = {
  'GET /config/currencies': route({
    summary: 'The five currencies with their bet limits and minimum payout',
    response: { 200: currenciesResponse },
  }),
  'GET /config': route({
    summary: 'Public configuration: defaults, locales, social login providers, timings, currencies',
    response: { 200: configResponse },
  }),
};
