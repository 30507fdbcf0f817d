/** "50 MB", "1.5 KB", "100 B": a byte count as a person reads it (binary units, one decimal, rounded down). */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size) return `${Math.floor((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} B`;
}
