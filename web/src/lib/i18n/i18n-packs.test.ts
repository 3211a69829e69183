import { describe, expect, it } from 'vitest';
import el from './el.json';
import en from './en.json';
import { changeLanguageForNow, initI18n } from './i18n.ts';
import simulatorEl from './simulator.el.json';
import simulatorEn from './simulator.en.json';

type Pack = { [key: string]: string | Pack };

/** Every text of a pack by its dotted key. */
function flatten(pack: Pack, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(pack)) {
    if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text);
  }
  return texts;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Key without its plural suffix → the plural categories the pack gives it. */
function pluralForms(texts: Map<string, string>): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of texts.keys()) {
    const match = PLURAL.exec(key);
    if (!match?.[1]) continue;
    const base = key.slice(0, match.index);
    forms.set(base, [...(forms.get(base) ?? []), match[1]].sort());
  }
  return forms;
}

/** `{{name}}` and `{{name, format}}` placeholders, sorted (the format is part of the placeholder). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1]?.replace(/\s*,\s*/g, ', ')).sort();

/** Texts that are the same in every language: language names, units, symbols. */
const SAME_AS_ENGLISH = new Set(['language.en', 'language.el', 'clock.speedValue']);

/**
 * Compares a translation with English; returns what is wrong, one line per problem, so the failure
 * message lists every key to fix.
 */
function packProblems(language: string, english: Pack, translation: Pack): string[] {
  const source = flatten(english);
  const target = flatten(translation);
  const problems: string[] = [];
  const sourceForms = pluralForms(source);
  const targetForms = pluralForms(target);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
  const isPluralOf = (key: string, forms: Map<string, string[]>) => forms.has(key.replace(PLURAL, ''));

  for (const [key, text] of source) {
    if (isPluralOf(key, sourceForms)) continue;
    const translated = target.get(key);
    if (translated === undefined) problems.push(`${language}: missing ${key}`);
    else if (translated.trim() === '') problems.push(`${language}: empty ${key}`);
    else if (translated === text && !SAME_AS_ENGLISH.has(key))
      problems.push(`${language}: ${key} is English`);
    else if (placeholders(translated).join() !== placeholders(text).join())
      problems.push(
        `${language}: ${key} has {{${placeholders(translated)}}}, English {{${placeholders(text)}}}`,
      );
  }
  for (const key of target.keys()) {
    if (!source.has(key) && !isPluralOf(key, sourceForms)) problems.push(`${language}: extra ${key}`);
  }
  for (const [base, forms] of sourceForms) {
    const translated = targetForms.get(base) ?? [];
    if (translated.join() !== categories.join())
      problems.push(
        `${language}: ${base} has plural forms [${translated}], ${language} needs [${categories}]`,
      );
    const englishPlaceholders = placeholders(source.get(`${base}_${forms.at(-1)}`) ?? '').join();
    for (const form of translated) {
      const text = target.get(`${base}_${form}`) ?? '';
      if (placeholders(text).join() !== englishPlaceholders)
        problems.push(
          `${language}: ${base}_${form} has {{${placeholders(text)}}}, English {{${englishPlaceholders}}}`,
        );
    }
  }
  return problems;
}

describe('language packs', () => {
  it('Greek has every key of English, no other, translated, with the same placeholders and plural forms', () => {
    expect(packProblems('el', en, el)).toEqual([]);
  });

  it("the simulator panel's Greek texts are complete too", () => {
    expect(packProblems('el', simulatorEn, simulatorEl)).toEqual([]);
  });

  it('reports a missing key, an extra key, an untranslated text, a changed placeholder and a missing plural form', () => {
    const english = {
      a: 'Hello {{name}}',
      b: 'Bye',
      d: 'Only English',
      lists: { count_one: '{{count}} item', count_other: '{{count}} items' },
    };
    const broken = { a: 'Γεια {{nmae}}', b: 'Bye', c: 'Extra', lists: { count_other: '{{count}} στοιχεία' } };
    expect(packProblems('el', english, broken)).toEqual([
      'el: a has {{nmae}}, English {{name}}',
      'el: b is English',
      'el: missing d',
      'el: extra c',
      'el: lists.count has plural forms [other], el needs [one,other]',
    ]);
  });
});

describe('switching language', () => {
  it('asking for the language already shown redraws nothing (no languageChanged)', async () => {
    const i18n = initI18n('en');
    let changes = 0;
    const count = () => {
      changes += 1;
    };
    i18n.on('languageChanged', count);
    try {
      await changeLanguageForNow('en');
      expect(changes).toBe(0);
      expect(document.documentElement.lang).toBe('en');
      await changeLanguageForNow('el');
      expect(changes).toBe(1);
      expect(i18n.language).toBe('el');
    } finally {
      await changeLanguageForNow('en');
      i18n.off('languageChanged', count);
    }
  });
});
