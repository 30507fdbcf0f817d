/** A provider game's slug and mode from its page's parameters, and whether they can name one. */
export function providerGameParams(params: Record<string, string | undefined>) {
  const slug = params.slots ?? '';
  const mode = params.mode ?? '';
  return {
    slug,
    mode,
    valid: /^[a-z0-9][a-z0-9-]{0,63}$/.test(slug) && (mode === 'play' || mode === 'demo'),
  };
}
