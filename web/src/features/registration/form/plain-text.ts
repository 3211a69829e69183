/**
 * Input is sanitised to plain text (docs/product-rules.md, Validation): tags are dropped, and so are stray angle
 * brackets and control characters, which the server refuses in any case.
 */
export function toPlainText(value: string): string {
  return value
    .replace(/<[^>]*>?/g, '')
    .replace(/[<>]/g, '')
    .replace(/\p{Cc}/gu, '')
    .trim();
}
