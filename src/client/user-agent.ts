/** Device info derived from a user agent (docs/product-rules.md §3), enough to label a session. */
export interface DeviceInfo {
  kind: 'mobile' | 'tablet' | 'desktop';
  os: 'iOS' | 'Android' | 'Windows' | 'macOS' | 'Linux' | null;
  browser: 'Edge' | 'Opera' | 'Yandex' | 'Samsung Internet' | 'Chrome' | 'Firefox' | 'Safari' | null;
  crawler: boolean;
}

export function describeUserAgent(ua: string | null | undefined): DeviceInfo {
  const s = ua ?? '';
  const tablet = /iPad|Tablet|(Android(?!.*Mobile))/i.test(s);
  const mobile = !tablet && /Mobi|iPhone|iPod|Android/i.test(s);
  const os = /iPhone|iPad|iPod/i.test(s)
    ? 'iOS'
    : /Android/i.test(s)
      ? 'Android'
      : /Windows/i.test(s)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(s)
          ? 'macOS'
          : /Linux|X11/i.test(s)
            ? 'Linux'
            : null;
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /YaBrowser/.test(s)
        ? 'Yandex'
        : /SamsungBrowser/.test(s)
          ? 'Samsung Internet'
          : /Chrome\/|CriOS/.test(s)
            ? 'Chrome'
            : /Firefox\/|FxiOS/.test(s)
              ? 'Firefox'
              : /Safari\//.test(s)
                ? 'Safari'
                : null;
  return {
    kind: tablet ? 'tablet' : mobile ? 'mobile' : 'desktop',
    os,
    browser,
    crawler: /bot|crawl|spider|slurp|google|yandex/i.test(s) && !/YaBrowser/.test(s),
  };
}
