import { formatCountry } from '../../../lib/country-names.ts';
import { localeOf } from '../../../lib/intl-format.ts';

/**
 * ISO 3166-1 alpha-2 codes (the contract's `^[A-Z]{2}$`), named by lib/country-names.ts, in the order
 * of their names in each interface language: Intl.Collator's order, held equal to it by
 * countries.test.ts. Sorting the names while the registration page first renders loaded ICU's
 * collation data in the page's start, a long task (issue 26); a fixed order also gives the server's
 * page and the browser's first render the same options whatever their ICU versions.
 */
const ORDER: Readonly<Record<string, string>> = {
  'en-GB':
    'AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR ' +
    'IO BN BG BF BI KH CM CA CV KY CF TD CL CX CC CO KM CK CR CI HR CU CW CY CZ CD DK DJ DM DO EC EG ' +
    'SV GQ ER EE SZ ET FK FO FJ FI FR GF PF TF GA GE DE GH GI GR GL GD GP GU GT GG GN GW GY HT HM VA ' +
    'HN HK HU IS IN ID IQ IE IR IM IL IT JM JP JE JO KZ KE KI KW KG LA LV LB LS LR LY LI LT LU MO MG ' +
    'MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF KP ' +
    'MP NO OM PK PW PA PG PY CN PE PH PN PL PT PR QA CG GM RE RO RU RW BL SH KN LC MF PM VC WS SM ST ' +
    'SA SN RS SC SL SG SX SK SI SB SO ZA GS KR SS ES LK PS SD SR SJ SE CH SY TW TJ TH MK TL TG TK TO ' +
    'TT TN TR TM TC TV UG UA AE GB TZ UM US UY UZ VU VE VN VG VI WF EH YE ZM ZW',
  'el-GR':
    'LC BL VC SM MF SX AZ EG ET HT CI AL DZ VI AS TL AO AI AD AQ AG UM SY AR AM AW AU AT AF JE VU LS ' +
    'BE VE BM VN BO MP BA BG BR VG IO FR TF GF PF DE GE GI GM GA GH GU GG GP GT GY GN GW GD GL DK MK ' +
    'TW KR MD CG CV FJ DO EH EC SV CH GR TZ KM EE ZM ZW AE US GB JP IN ID JO IQ IE GQ IR IS ES IL IT ' +
    'KZ CM KH CA QA KY CF KE CN KG KI DM CO CR CU KW CW ER LY PS VA HR CY CD LA KP LV BY LB LR LT LU ' +
    'YT MG MO MY MW MV ML MT MA MQ MU MR ME MX MM MN MZ MS BD BB BS BH BZ BJ BQ BW BV BF BI BT NA NR ' +
    'NZ NC NP NF CC CK MH PN SB FO FK HM AX SH IM CX NE NG NI NU NO ZA SS GS NL OM FM KN HN WF HU UG ' +
    'UZ UA UY PK PW PA PG PY PE PL PT PR LI MC RE RW RO RU PM WS ST SA SJ SN RS SC SG SL SK SI SO SZ ' +
    'SD SE BN SR LK TH TJ TC JM DJ TG TK TO TV TR TM TT TD CZ TN YE PH FI CL HK',
};

export type Country = { code: string; name: string };

const byLocale = new Map<string, readonly Country[]>();

/** Every code, its countries named in `locale` and sorted by Intl.Collator (a language without an ORDER). */
export function sortedByName(locale: string): readonly Country[] {
  const collator = new Intl.Collator(locale);
  return (ORDER['en-GB'] ?? '')
    .split(' ')
    .map((code) => ({ code, name: formatCountry(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** All countries, named and sorted in the interface language. */
export function countries(): readonly Country[] {
  const locale = localeOf();
  let list = byLocale.get(locale);
  if (!list) {
    const order = ORDER[locale];
    list = order
      ? order.split(' ').map((code) => ({ code, name: formatCountry(code, locale) }))
      : sortedByName(locale);
    byLocale.set(locale, list);
  }
  return list;
}
