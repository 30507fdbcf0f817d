/** Regions of spec §3 (geo data region: KZ or RU). */
export type Region = 'KZ' | 'RU';

/** Spec §9: region KZ when the country is KZ, otherwise RU. */
export function regionForCountry(countryCode: string | null | undefined): Region {
  return countryCode?.trim().toUpperCase() === 'KZ' ? 'KZ' : 'RU';
}
