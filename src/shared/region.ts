/** Regions of docs/product-rules.md §3 (geo data region: KZ or RU). */
export const REGIONS = ['KZ', 'RU'] as const;
export type Region = (typeof REGIONS)[number];

/** docs/product-rules.md §9: region KZ when the country is KZ, otherwise RU. */
export function regionForCountry(countryCode: string | null | undefined): Region {
  return countryCode?.trim().toUpperCase() === 'KZ' ? 'KZ' : 'RU';
}
