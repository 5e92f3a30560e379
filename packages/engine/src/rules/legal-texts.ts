import type { Language, Region } from "../enums";

/**
 * The law each line rests on, deep-linked to the article in the official consolidated text, in
 * Dutch and French. Adviser articles and simulators stay parameter sources inside explanations;
 * a line's `url` is always one of these (a test checks it).
 *
 * Addresses follow the European Legislation Identifier of the Belgian Official Journal
 * (`https://www.ejustice.just.fgov.be/eli/{type}/{yyyy}/{mm}/{dd}/{numac}/justel#Art.{n}`: the
 * consolidated text, Dutch type names `wet`/`decreet`, French `loi`/`decret`; `/staatsblad`,
 * `/moniteur` for the text as published), and the RSZ/ONSS administrative instructions for the
 * CO2 contribution. Numacs: WIB 92 / CIR 92 1992003455 (coordinated 10 April 1992), Vlaamse Codex
 * Fiscaliteit 2013036154 (decree of 13 December 2013, BS 23/12/2013), WIGB / CTA 1965112350
 * (coordinated 23 November 1965, BS 18/01/1966), Walloon decree of 7 September 2023 2023046826.
 * The addresses were built from that pattern and these numacs (this machine has no access to the
 * sites): the WIB and VCF forms and the RSZ page appear as such in public code that links them; the
 * CTA's type segment and the Walloon decree's are the least certain. docs/engine-conventions.md
 * says so.
 */
export interface LegalText {
  /** Article and act, in the law's terms. */
  readonly title: string;
  readonly nl: string;
  readonly fr: string;
}

const ELI = "https://www.ejustice.just.fgov.be/eli";
const wib = (article: string): Pick<LegalText, "nl" | "fr"> => ({
  nl: `${ELI}/wet/1992/04/10/1992003455/justel#Art.${article}`,
  fr: `${ELI}/loi/1992/04/10/1992003455/justel#Art.${article}`,
});
const vcf = (article: string): Pick<LegalText, "nl" | "fr"> => ({
  nl: `${ELI}/decreet/2013/12/13/2013036154/justel#Art.${article}`,
  fr: `${ELI}/decret/2013/12/13/2013036154/justel#Art.${article}`,
});
const cta = (article: string): Pick<LegalText, "nl" | "fr"> => ({
  nl: `${ELI}/wet/1965/11/23/1965112350/justel#Art.${article}`,
  fr: `${ELI}/loi/1965/11/23/1965112350/justel#Art.${article}`,
});

export const LEGAL_TEXTS = {
  benefitInKind: { title: "Art. 36 §2 WIB 92 / CIR 92 (benefit in kind of a company car)", ...wib("36") },
  rejectedExpenses: {
    title:
      "Art. 198 §1, 9° and 9°bis WIB 92 / CIR 92 (rejected expenses: 17 % or 40 % of the benefit in kind)",
    ...wib("198"),
  },
  fiscalDeduction: {
    title: "Art. 66 WIB 92 / CIR 92 (deductibility of car costs; art. 198bis for companies)",
    ...wib("66"),
  },
  co2Contribution: {
    title:
      "Art. 38 §3quater law of 29/6/1981; RSZ/ONSS administrative instructions, solidarity contribution on company cars",
    nl: "https://www.socialsecurity.be/employer/instructions/dmfa/nl/latest/instructions/special_contributions/companycar.html",
    fr: "https://www.socialsecurity.be/employer/instructions/dmfa/fr/latest/instructions/special_contributions/companycar.html",
  },
  flandersBiv: {
    title: "Vlaamse Codex Fiscaliteit art. 2.3.4.1.1 (belasting op de inverkeerstelling)",
    ...vcf("2.3.4.1.1"),
  },
  flandersBivLeasing: {
    title: "Vlaamse Codex Fiscaliteit art. 2.3.4.2.1 (BIV of leasing companies)",
    ...vcf("2.3.4.2.1"),
  },
  flandersRoadTax: {
    title: "Vlaamse Codex Fiscaliteit art. 2.2.4.0.1 (verkeersbelasting)",
    ...vcf("2.2.4.0.1"),
  },
  walloniaTmc: {
    title:
      "CTA / WIGB art. 97 (taxe de mise en circulation, Walloon Region, until 30 June 2025) and eco-malus",
    ...cta("97"),
  },
  walloniaTmcReform: {
    title: "Walloon decree of 7 September 2023 reforming the taxe de mise en circulation (from 1 July 2025)",
    // Article 1 replaces CTA art. 97 for the Walloon Region. French: Wallex, the Walloon
    // Region's official database (ELI as its pages use); Dutch: the Official Journal's translation.
    nl: `${ELI}/decreet/2023/09/07/2023046826/staatsblad`,
    fr: "https://wallex.wallonie.be/eli/loi-decret/2023/09/07/2023046826",
  },
  brusselsTmc: {
    title: "CTA / WIGB art. 97 (taxe de mise en circulation, Brussels-Capital Region)",
    ...cta("97"),
  },
  walloniaRoadTax: { title: "CTA / WIGB art. 3 (taxe de circulation, Walloon Region)", ...cta("3") },
  brusselsRoadTax: { title: "CTA / WIGB art. 3 (taxe de circulation, Brussels-Capital Region)", ...cta("3") },
} as const satisfies Record<string, LegalText>;

/** The legal basis of a line as explanations carry it: the address per language of the answer. */
export interface LegalSource {
  readonly title: string;
  /** The Dutch consolidated text (kept for callers that read one address). */
  readonly url: string;
  /** The address a line links in each language of the answer. */
  readonly urlByLanguage: Readonly<Record<Language, string>>;
}

/**
 * English answers link the text in the language of the region (Brussels, bilingual: French);
 * federal lines follow the region of registration too, rather than guessing a language from the
 * postal code.
 */
const ENGLISH_LINKS_TO: Readonly<Record<Region, "nl" | "fr">> = {
  Flanders: "nl",
  Wallonia: "fr",
  Brussels: "fr",
};

const resolved = new Map<LegalText, Map<Region, LegalSource>>();

/** The legal source of a line of `text` for a car registered in `region` (memoised). */
export function legalSourceOf(text: LegalText, region: Region): LegalSource {
  let byRegion = resolved.get(text);
  if (!byRegion) {
    byRegion = new Map();
    resolved.set(text, byRegion);
  }
  let source = byRegion.get(region);
  if (!source) {
    source = Object.freeze({
      title: text.title,
      url: text.nl,
      urlByLanguage: Object.freeze({ nl: text.nl, fr: text.fr, en: text[ENGLISH_LINKS_TO[region] ?? "nl"] }),
    });
    byRegion.set(region, source);
  }
  return source;
}
