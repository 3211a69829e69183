/**
 * Answers built from remembered rows (SQLite: db/hot-reads.ts; PostgreSQL: db/data-changes.ts): while the
 * database is unchanged the same rows come back as the same frozen objects, so the answer built from
 * them is built once, deep-frozen, and checked against the contract and serialised once per operation
 * and status, to UTF-8 bytes: sending bytes spares Node encoding (and Fastify measuring) the same text
 * on every answer, most of a large list's CPU. A write anywhere gives new rows, hence a new answer,
 * which is checked again (decision 0034).
 * Nothing else is remembered: the caller, the session's expiry, faults, rate limits, the call list and
 * headers are still handled on every request.
 */
const frozenAnswers = new WeakSet<object>();
/** Answer → the `operationId status` it passed the contract for, and its JSON bytes for that. */
const checked = new WeakMap<object, { as: string; bytes: Buffer }>();
/** The bytes of checked answers: JSON text, already valid for the operation and status that sends them. */
const checkedBytesSet = new WeakSet<Buffer>();

// Descends into already frozen objects too: a shallow-frozen part may still hold mutable ones; not into
// a remembered answer (a list's item, decision 0173), frozen all the way down when it was made.
// Answers are JSON trees (no cycles).
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !frozenAnswers.has(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Built from `rows` once for as long as they are remembered, then frozen. */
export function memoAnswer<R extends object, A extends object>(
  memo: WeakMap<R, A>,
  rows: R,
  build: (rows: R) => A,
): A {
  let answer = memo.get(rows);
  if (!answer) {
    answer = deepFreeze(build(rows));
    frozenAnswers.add(answer);
    memo.set(rows, answer);
  }
  return answer;
}

/** `answer` deep-frozen and known as a frozen answer: checked against the contract and serialised once. */
export function frozenAnswer<A extends object>(answer: A): A {
  deepFreeze(answer);
  frozenAnswers.add(answer);
  return answer;
}

/**
 * A list of answers: while every item is the same frozen answer as in the last list made for `slot`
 * (say a world's reads), the same frozen list, so it too is checked and serialised once. A list with
 * an item built per request is answered as it is.
 */
export function memoListOf<A extends object>(memo: WeakMap<object, A[]>, slot: object, items: A[]): A[] {
  if (!items.every((item) => frozenAnswers.has(item))) return items;
  const last = memo.get(slot);
  if (last && last.length === items.length && last.every((item, at) => item === items[at])) return last;
  const list = Object.freeze(items) as A[];
  frozenAnswers.add(list);
  memo.set(slot, list);
  return list;
}

export const isFrozenAnswer = (answer: unknown): answer is object =>
  typeof answer === 'object' && answer !== null && frozenAnswers.has(answer);

/**
 * The JSON bytes of a frozen answer that already passed the contract for this operation and status, or
 * undefined: any other answer (built per request, or not checked yet) is checked and serialised as usual.
 */
export function checkedBytes(answer: unknown, operationStatus: string): Buffer | undefined {
  if (!isFrozenAnswer(answer)) return undefined;
  const known = checked.get(answer);
  return known?.as === operationStatus ? known.bytes : undefined;
}

/**
 * Remembers that a frozen answer passed the contract, with its JSON text as bytes, and answers what to
 * send: those bytes, or the text itself for an answer that is not remembered.
 */
export function rememberChecked(answer: unknown, operationStatus: string, text: string): Buffer | string {
  if (!isFrozenAnswer(answer)) return text;
  const bytes = Buffer.from(text);
  checkedBytesSet.add(bytes);
  checked.set(answer, { as: operationStatus, bytes });
  return bytes;
}

/** Item → the `operationId status` it passed the contract for as an item of that answer's list, and its JSON. */
const checkedItems = new WeakMap<object, { as: string; text: string }>();

/** How a list answer is checked item by item: its length, and one item checked and serialised. */
export interface ItemChecks {
  minItems: number;
  maxItems: number;
  /** Whether `item` is valid as an item of the list. */
  check(item: object): boolean;
  /** The item's JSON text, as the list's serialiser writes it inside the list. */
  serialize(item: object): string;
}

/**
 * A frozen list whose items are all frozen answers, checked and serialised item by item (decision 0173):
 * an item already checked for this operation and status (the same row in the list read before a change,
 * lib/paging.ts) is neither checked nor serialised again. Answers the list's JSON bytes, remembered as
 * `rememberChecked` does, or undefined (another answer, a length out of bounds, an item that fails:
 * then the list is checked as a whole, which reports the problem).
 */
export function checkedListBytes(
  list: unknown,
  operationStatus: string,
  items: ItemChecks,
): Buffer | undefined {
  if (!Array.isArray(list) || !isFrozenAnswer(list)) return undefined;
  if (list.length < items.minItems || list.length > items.maxItems) return undefined;
  const texts: string[] = [];
  for (const item of list as unknown[]) {
    if (!isFrozenAnswer(item)) return undefined;
    let known = checkedItems.get(item);
    if (known?.as !== operationStatus) {
      if (!items.check(item)) return undefined;
      known = { as: operationStatus, text: items.serialize(item) };
      checkedItems.set(item, known);
    }
    texts.push(known.text);
  }
  return rememberChecked(list, operationStatus, `[${texts.join(',')}]`) as Buffer;
}

/** Whether a payload is the bytes of a checked answer (JSON valid for the operation that sent them). */
export const isCheckedBytes = (payload: unknown): payload is Buffer =>
  Buffer.isBuffer(payload) && checkedBytesSet.has(payload);

/** A JSON answer's text as the layers after the route see it: a string, or a checked answer's bytes. */
export function answerText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  return isCheckedBytes(payload) ? payload.toString('utf8') : undefined;
}
