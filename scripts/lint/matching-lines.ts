/** The lines of `source` that `describe` names (it answers undefined for the others), as `line: name`. */
export function matchingLines(source: string, describe: (line: string) => string | undefined): string[] {
  return source.split('\n').flatMap((line, index) => {
    const name = describe(line);
    return name === undefined ? [] : [`${index + 1}: ${name}`];
  });
}
