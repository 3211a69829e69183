/**
 * What jsdom lacks and the browser has. Relative URLs in Request/fetch (openapi-fetch uses
 * baseUrl '' and captures `Request` when the client is created, so that shim must be installed
 * before any test module loads), ResizeObserver and pointer capture (Radix), scrollIntoView, and
 * `Blob.stream()`: MSW 3 intercepts Node's own fetch, which writes a FormData body's files to the
 * wire by streaming them (a jsdom File without `stream()` is sent as nothing).
 */
const resolve = (input: RequestInfo | URL): RequestInfo | URL =>
  typeof input === 'string' ? new URL(input, window.location.href).href : input;

export function installDomShims(): void {
  const NativeRequest = globalThis.Request;
  globalThis.Request = class extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(resolve(input), init);
    }
  };

  if (!('ResizeObserver' in globalThis)) {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  const proto = Element.prototype as Element & Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => undefined;
  proto.setPointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  const blob = Blob.prototype as Partial<Pick<Blob, 'stream'>>;
  blob.stream ??= function stream(this: Blob) {
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull: async (controller) => {
        controller.enqueue(new Uint8Array(await this.arrayBuffer()));
        controller.close();
      },
    });
  };
}

/** Call after MSW patched fetch, so relative URLs reach its handlers. */
export function installFetchShim(): void {
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => nativeFetch(resolve(input), init);
}
