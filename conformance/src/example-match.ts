// Does an answer show what the contract's example documents? The example is a real call on the
// `demo` data, so its values are compared exactly, with three reviewed allowances:
// - seeded timestamps are anchored to the moment of the reset, so a date-time in the example only
//   asks for a date-time in the answer;
// - a list example names some of the rows: each of its items must be one of the answer's items;
// - values the call itself generates (a new id, a fresh code or token) are named by the caller and
//   only asked to be present.

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Differences between the documented example and the answer, as `pointer: what` lines. */
export function exampleDifferences(
  example: unknown,
  answer: unknown,
  generated: readonly string[] = [],
  pointer = '',
): string[] {
  const key = pointer.split('/').pop() ?? '';
  if (generated.includes(key)) return answer === undefined ? [`${pointer || '/'}: missing`] : [];
  if (typeof example === 'string' && dateTime.test(example)) {
    return typeof answer === 'string' && dateTime.test(answer)
      ? []
      : [`${pointer}: expected a date-time, got ${JSON.stringify(answer)}`];
  }
  if (Array.isArray(example)) {
    if (!Array.isArray(answer)) return [`${pointer || '/'}: expected a list, got ${JSON.stringify(answer)}`];
    return example.flatMap((item, index) => {
      const closest = answer
        .map((candidate) => exampleDifferences(item, candidate, generated, `${pointer}/${index}`))
        .sort((a, b) => a.length - b.length)[0];
      if (!closest) return [`${pointer}/${index}: the answer's list is empty`];
      return closest.length === 0 ? [] : [`${pointer}/${index}: no item of the answer matches`, ...closest];
    });
  }
  if (example !== null && typeof example === 'object') {
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
      return [`${pointer || '/'}: expected an object, got ${JSON.stringify(answer)}`];
    }
    return Object.entries(example).flatMap(([name, value]) =>
      exampleDifferences(value, (answer as Record<string, unknown>)[name], generated, `${pointer}/${name}`),
    );
  }
  return Object.is(example, answer)
    ? []
    : [`${pointer || '/'}: documented ${JSON.stringify(example)}, answered ${JSON.stringify(answer)}`];
}
