// The kit of the lint rules that read source lines (what Biome's rules cannot see): each rule is proved
// on a probe, lines that break and keep it, and then must hold for every file it covers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The lines of `source` that `name` names (it answers undefined for the others), as `line: name`. */
export function matchingLines(source: string, name: (line: string) => string | undefined): string[] {
  return source.split('\n').flatMap((line, index) => {
    const named = name(line);
    return named === undefined ? [] : [`${index + 1}: ${named}`];
  });
}

export interface LineRule {
  /** What the rule says (the test's title). */
  says: string;
  /** The offending lines of one file's source, as `line: what`. */
  find(source: string): string[];
  /** What the probe shows, its lines, and the lines `find` must name in it. */
  probe: { shows: string; lines: readonly string[]; found: readonly string[] };
  /**
   * The files the rule covers: a name for them, the folder their paths start from, the paths, and
   * how many there are at least (so a broken listing cannot make the rule pass on nothing).
   */
  covers: { what: string; root: string; files(): string[]; atLeast: number };
}

/** The rule's two tests: it finds what its probe breaks, and no covered file breaks it. */
export function describeLineRule(rule: LineRule): void {
  describe(rule.says, () => {
    it(`finds ${rule.probe.shows}`, () => {
      expect(rule.find(rule.probe.lines.join('\n'))).toEqual(rule.probe.found);
    });

    it(`holds for ${rule.covers.what}`, () => {
      const files = rule.covers.files();
      expect(files.length).toBeGreaterThanOrEqual(rule.covers.atLeast);
      const found = files.flatMap((file) =>
        rule.find(readFileSync(path.join(rule.covers.root, file), 'utf8')).map((line) => `${file}:${line}`),
      );
      expect(found).toEqual([]);
    });
  });
}
