/**
 * Post codes by the country's own format (issue 30), checked the same way by the server and the
 * storefront's form. Patterns follow the postal services' published formats (as collected by
 * Google's libaddressinput and the UPU): letters, digits, spaces and hyphens where the country
 * uses them. A country without post codes, or one not in the table, takes any short code of
 * letters, digits, spaces and hyphens (the field stays required: "0" where none exists).
 */

const D4 = /^\d{4}$/;
const D5 = /^\d{5}$/;
const D6 = /^\d{6}$/;
const D3 = /^\d{3}$/;

const byPattern: [RegExp, string][] = [
  [D3, 'FO GN IS LS MG OM PG'],
  [
    D4,
    'AF AL AM AT AU AZ BD BE BG BH CC CH CV CX CY DK ET GE GL GW HM HU LI LR LU MK MZ NE NF NO NZ PH PY SI SJ SR TN VE ZA',
  ],
  [
    D5,
    'BA BL BT CR CU DE DO DZ EE EG ES FI FR GF GP GT HR ID IQ IT JO KE KH KW LA LK MA MC ME MF MN MQ MX MY NC NI NP PF PK PM PR RE RS SA SD SM SN SV TH TR UA UY VA WF YT ZM',
  ],
  [D6, 'BY CN CO EC IN KG KZ NG PA RO RU SG TJ TM UZ VN'],
];

/** ISO 3166-1 alpha-2 code → the whole post code, compared in capitals. */
const PATTERNS = new Map<string, RegExp>([
  ...byPattern.flatMap(([re, codes]) => codes.split(' ').map((c): [string, RegExp] => [c, re])),
  ['GB', /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/],
  ['GG', /^GY\d[\dA-Z]? ?\d[A-Z]{2}$/],
  ['JE', /^JE\d[\dA-Z]? ?\d[A-Z]{2}$/],
  ['IM', /^IM\d[\dA-Z]? ?\d[A-Z]{2}$/],
  ['US', /^\d{5}(-\d{4})?$/],
  ['AS', /^\d{5}(-\d{4})?$/],
  ['GU', /^\d{5}(-\d{4})?$/],
  ['VI', /^\d{5}(-\d{4})?$/],
  ['CA', /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/],
  ['NL', /^\d{4} ?[A-Z]{2}$/],
  ['PL', /^\d{2}-\d{3}$/],
  ['PT', /^\d{4}-\d{3}$/],
  ['BR', /^\d{5}-?\d{3}$/],
  ['JP', /^\d{3}-?\d{4}$/],
  ['KR', /^\d{5}$/],
  ['TW', /^\d{3}(\d{2,3})?$/],
  ['IN', /^\d{3} ?\d{3}$/],
  ['IE', /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[\dAC-FHKNPRTV-Y]{4}$/],
  ['AR', /^([A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/],
  ['SE', /^\d{3} ?\d{2}$/],
  ['GR', /^\d{3} ?\d{2}$/],
  ['CZ', /^\d{3} ?\d{2}$/],
  ['SK', /^\d{3} ?\d{2}$/],
  ['LT', /^(LT-)?\d{5}$/],
  ['LV', /^(LV-)?\d{4}$/],
  ['MD', /^(MD-)?\d{4}$/],
  ['MT', /^[A-Z]{3} ?\d{2,4}$/],
  ['IL', /^\d{5}(\d{2})?$/],
  ['IR', /^\d{5}-?\d{5}$/],
  ['CL', /^\d{7}$/],
  ['PE', /^(LIMA \d{1,2}|CALLAO 0?\d|\d{5})$/],
  ['BN', /^[A-Z]{2} ?\d{4}$/],
  ['SZ', /^[HLMS]\d{3}$/],
  ['AD', /^AD[1-7]0\d$/],
  ['AI', /^(97)?2640$/],
  ['KY', /^KY\d-\d{4}$/],
  ['VG', /^VG\d{4}$/],
  ['FK', /^FIQQ 1ZZ$/],
  ['GI', /^GX11 1AA$/],
  ['SH', /^(ASCN|STHL) 1ZZ$/],
  ['TC', /^TKCA 1ZZ$/],
]);

/** Where a country has no entry: what a post code looks like anywhere (SPEC §5: at most 32 characters). */
const ANY = /^[A-Z0-9](?:[A-Z0-9 -]{0,30}[A-Z0-9])?$/;

/** Whether `postCode` is a well-formed post code of the country (ISO code; unknown → the general form). */
export function isPostCode(countryCode: string | undefined, postCode: string): boolean {
  const value = postCode.trim().toUpperCase();
  const pattern = PATTERNS.get((countryCode ?? '').trim().toUpperCase());
  return (pattern ?? ANY).test(value);
}

/** The countries with a format of their own (the table above), for tests and documentation. */
export const POST_CODE_COUNTRIES: readonly string[] = [...PATTERNS.keys()].sort();
