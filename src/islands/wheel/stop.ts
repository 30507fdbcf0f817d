/** Where a spin stopped: the segment index and its multiplier (decimal string). */
export interface WheelStop {
  readonly segment: number;
  readonly multiplier: string;
}

/** The stop in a wheel bet's `outcome` (docs/api-games.md), or null when it is not one. */
export function readStop(outcome: unknown, segments: number): WheelStop | null {
  const { segment, multiplier } = (outcome ?? {}) as { segment?: unknown; multiplier?: unknown };
  if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0 || segment >= segments)
    return null;
  if (typeof multiplier !== 'string' && typeof multiplier !== 'number') return null;
  return { segment, multiplier: String(multiplier) };
}
