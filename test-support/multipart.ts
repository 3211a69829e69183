// The one builder of multipart uploads in the tests: the platform's FormData encoded by a Response, as a
// browser or any fetch client sends it. Malformed bodies (the hostile-input tests) are written by hand
// where they are sent, on purpose.

export interface FilePart {
  /** The file name sent in the part's Content-Disposition. */
  name: string;
  content: Uint8Array;
  /** The form field (default `file`, the contract's). */
  field?: string;
  /** The part's Content-Type (default application/octet-stream). */
  type?: string;
}

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** A `multipart/form-data` body of file parts, and its Content-Type with the boundary. */
export async function multipartBody(parts: readonly FilePart[]): Promise<MultipartBody> {
  const form = new FormData();
  for (const part of parts) {
    const blob = new Blob([part.content], { type: part.type ?? 'application/octet-stream' });
    form.append(part.field ?? 'file', blob, part.name);
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData was encoded without a Content-Type');
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': contentType } };
}
