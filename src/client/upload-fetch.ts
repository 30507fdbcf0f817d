/**
 * `fetch` over XMLHttpRequest, for the one thing fetch cannot do here: report upload progress.
 * (ky's `onUploadProgress` streams the request body, which Chromium sends only over HTTP/2 or
 * QUIC; over HTTP/1.1 such a request fails with ERR_H2_OR_QUIC_REQUIRED, and Firefox and Safari
 * have no request streams at all. XHR's `upload.onprogress` works over any HTTP version.)
 */

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send (the encoded body). */
  total: number;
}

/** Headers of an XHR answer (`getAllResponseHeaders()` text). */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A status whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` that sends through XMLHttpRequest and calls `onProgress` as the body goes out. It
 * honours the request's method, URL, headers, credentials mode and abort signal; a failed
 * connection rejects with `TypeError('Failed to fetch')`, as fetch does (ky reads it as a
 * network error).
 */
export function uploadFetch(onProgress: (progress: UploadProgress) => void): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    const body = request.body ? await request.blob() : null;
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const abort = () => {
        xhr.abort();
        reject(request.signal.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
      };
      if (request.signal.aborted) return abort();
      request.signal.addEventListener('abort', abort, { once: true });
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'blob';
      if (body) {
        xhr.upload.onprogress = (event) =>
          onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
      }
      xhr.onload = () =>
        resolve(
          new Response(NULL_BODY.has(xhr.status) ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onloadend = () => request.signal.removeEventListener('abort', abort);
      xhr.send(body);
    });
  };
}
