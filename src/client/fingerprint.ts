/** Where the browser's fingerprint is kept (docs/product-rules.md §3 "Local storage"). */
const KEY = 'fp';

/**
 * The browser's fingerprint, kept in local storage and sent as `fp` with logins, registrations and
 * the page-open event. For now a random id made once per browser (docs/edge.md: the device
 * fingerprint library is not part of the build yet); null where storage is unavailable.
 */
export async function fingerprint(): Promise<string | null> {
  try {
    let value = localStorage.getItem(KEY);
    if (!value) {
      value = crypto.randomUUID();
      localStorage.setItem(KEY, value);
    }
    return value;
  } catch {
    return null;
  }
}
