const entities: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML or XML content and attribute values. */
export const escapeMarkup = (text: string) => text.replace(/[<>&"']/g, (c) => entities[c] ?? c);
