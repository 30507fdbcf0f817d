/**
 * The address of the page a player lands on after a self-exclusion or a closure logged them out
 * (./Farewell.astro says why there): the home page with `?rg=<kind>` and, for a self-exclusion
 * with an end, `&until=<ISO date>`.
 */
export const FAREWELL_PARAM = 'rg';
export const FAREWELL_UNTIL = 'until';

export interface Farewell {
  kind: 'self_exclusion' | 'closure';
  /** The self-exclusion's end (ISO); null: indefinite. */
  until?: string | null;
}

export function farewellAddress(home: string, farewell: Farewell): string {
  const query = new URLSearchParams({ [FAREWELL_PARAM]: farewell.kind });
  if (farewell.until) query.set(FAREWELL_UNTIL, farewell.until.slice(0, 10));
  return `${home}?${query}`;
}
