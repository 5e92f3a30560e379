import type { Language, Region } from "../core/enums";

/**
 * The law each line rests on, deep-linked to the article, in Dutch and French. Adviser articles and
 * simulators stay parameter sources inside explanations; a line's `url` is always one of these (a
 * test checks it). Research of 24 November 2026 (docs/research/legal-links.md has the evidence):
 *
 * - Federal income tax (WIB 92 / CIR 92, numac 1992041050): Justel's consolidation of this code
 *   stopped in 2002 (its `…/1992041050/justel#Art.N` pages show a text without the company-car rules
 *   in force), and Fisconetplus's article pages have ids we have not seen. Each line therefore links
 *   the Official Journal's ELI of the law that amended its article to the text the engine applies
 *   (issue 30 point 5), an identity seen on etaamb: the law of 25 December 2017 for art. 36 (MB
 *   29.12.2017, numac 2017014414, "a notamment modifié ... aux articles 36 et 66", RD of 5 September
 *   2019), the law of 25 November 2021 for art. 66 (MB 03.12.2021, numac 2021033910, its art. 2), the
 *   programme law of 25 December 2016 for art. 198, § 1, 9°bis (MB 29.12.2016, numac 2016021100).
 * - CO2 contribution: the RSZ/ONSS administrative instructions (`dmfa/{nl|fr}/latest/…/companycar`).
 * - Flanders: the Vlaamse Codex article (codex.vlaanderen.be, `AID` ids seen in public code) in
 *   Dutch; the VCF's consolidated text on Justel (numac 2013036154, maintained) in French, and in
 *   Dutch for an article whose codex id is unknown.
 * - Wallonia and Brussels: the CTA / WIGB on Justel (numac 1965112350); the Walloon decree of
 *   7 September 2023 (numac 2023046826) in Wallex (French) and the Official Journal (Dutch).
 */
export interface LegalText {
  /** Article and act, in the law's terms. */
  readonly title: string;
  readonly nl: string;
  readonly fr: string;
}

const ELI = "https://www.ejustice.just.fgov.be/eli";
/** A federal law in the Official Journal by its ELI (`yyyy/mm/dd/numac`), Dutch and French. */
const law = (dateAndNumac: string): Pick<LegalText, "nl" | "fr"> => ({
  nl: `${ELI}/wet/${dateAndNumac}/staatsblad`,
  fr: `${ELI}/loi/${dateAndNumac}/moniteur`,
});
/** Dutch: the article in the Vlaamse Codex (`AID`, where its id is known); French: Justel. */
const CODEX_VCF = "https://codex.vlaanderen.be/Zoeken/Document.aspx?DID=1023499&param=inhoud";
const vcf = (article: string, codexArticleId?: number): Pick<LegalText, "nl" | "fr"> => ({
  nl:
    codexArticleId === undefined
      ? `${ELI}/decreet/2013/12/13/2013036154/justel#Art.${article}`
      : `${CODEX_VCF}&AID=${codexArticleId}`,
  fr: `${ELI}/decret/2013/12/13/2013036154/justel#Art.${article}`,
});
const cta = (article: string): Pick<LegalText, "nl" | "fr"> => ({
  nl: `${ELI}/wet/1965/11/23/1965112350/justel#Art.${article}`,
  fr: `${ELI}/loi/1965/11/23/1965112350/justel#Art.${article}`,
});

export const LEGAL_TEXTS = {
  benefitInKind: {
    title:
      "Art. 36 §2 WIB 92 / CIR 92 (benefit in kind of a company car), as amended by the law of 25 December 2017 (MB 29.12.2017)",
    ...law("2017/12/25/2017014414"),
  },
  rejectedExpenses: {
    title:
      "Art. 198 §1, 9° and 9°bis WIB 92 / CIR 92 (rejected expenses: a share of the benefit in kind), 9°bis inserted by the programme law of 25 December 2016 (MB 29.12.2016)",
    ...law("2016/12/25/2016021100"),
  },
  fiscalDeduction: {
    title:
      "Art. 66 WIB 92 / CIR 92 (deductibility of car costs; the CO2 formula of former art. 198bis since 2020), as amended by the law of 25 November 2021 (MB 03.12.2021)",
    ...law("2021/11/25/2021033910"),
  },
  co2Contribution: {
    title:
      "Art. 38 §3quater law of 29/6/1981; RSZ/ONSS administrative instructions, solidarity contribution on company cars",
    nl: "https://www.socialsecurity.be/employer/instructions/dmfa/nl/latest/instructions/special_contributions/companycar.html",
    fr: "https://www.socialsecurity.be/employer/instructions/dmfa/fr/latest/instructions/special_contributions/companycar.html",
  },
  flandersBiv: {
    title: "Vlaamse Codex Fiscaliteit art. 2.3.4.1.1 (belasting op de inverkeerstelling)",
    ...vcf("2.3.4.1.1", 1171033),
  },
  flandersBivLeasing: {
    title: "Vlaamse Codex Fiscaliteit art. 2.3.4.2.1 (BIV of leasing companies)",
    ...vcf("2.3.4.2.1"),
  },
  flandersRoadTax: {
    title: "Vlaamse Codex Fiscaliteit art. 2.2.4.0.1 (verkeersbelasting)",
    ...vcf("2.2.4.0.1", 1170993),
  },
  walloniaTmc: {
    title:
      "CTA / WIGB art. 97 and 98 (taxe de mise en circulation, Walloon Region, until 30 June 2025: amounts; LPG, age reduction and minimum) and eco-malus",
    ...cta("97"),
  },
  walloniaTmcReform: {
    title: "Walloon decree of 7 September 2023 reforming the taxe de mise en circulation (from 1 July 2025)",
    // Article 1 replaces CTA art. 97 for the Walloon Region. French: Wallex, the Walloon
    // Region's official database (ELI as its pages use); Dutch: the Official Journal's translation.
    nl: `${ELI}/decreet/2023/09/07/2023046826/staatsblad`,
    fr: "https://wallex.wallonie.be/eli/loi-decret/2023/09/07/2023046826/2025/07/01",
  },
  brusselsTmc: {
    title:
      "CTA / WIGB art. 97 and 98 (taxe de mise en circulation, Brussels-Capital Region: amounts; LPG, age reduction and minimum)",
    ...cta("97"),
  },
  walloniaRoadTax: {
    title: "CTA / WIGB art. 9 (taxe de circulation on cars, Walloon Region; title II, art. 3 ff.)",
    ...cta("9"),
  },
  brusselsRoadTax: {
    title: "CTA / WIGB art. 9 (taxe de circulation on cars, Brussels-Capital Region; title II, art. 3 ff.)",
    ...cta("9"),
  },
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

// Per region, then per text (one Map look-up per explanation).
// Resolved once per text and region, kept on the text itself (a property read is cheaper than a
// Map look-up by object, and every explanation asks).
const RESOLVED = Symbol("legal sources by region");
interface ByRegion {
  Flanders?: LegalSource;
  Wallonia?: LegalSource;
  Brussels?: LegalSource;
}
type Resolvable = LegalText & { [RESOLVED]?: ByRegion };

/** The legal source of a line of `text` for a car registered in `region` (memoised). */
export function legalSourceOf(text: LegalText, region: Region): LegalSource {
  let cache = (text as Resolvable)[RESOLVED];
  if (cache !== undefined) {
    const cached =
      region === "Flanders"
        ? cache.Flanders
        : region === "Wallonia"
          ? cache.Wallonia
          : region === "Brussels"
            ? cache.Brussels
            : undefined;
    if (cached !== undefined) return cached;
  }
  const source: LegalSource = Object.freeze({
    title: text.title,
    url: text.nl,
    urlByLanguage: Object.freeze({ nl: text.nl, fr: text.fr, en: text[ENGLISH_LINKS_TO[region] ?? "nl"] }),
  });
  // Not a region the engine knows (callers may pass anything): answered, not memoised.
  if (region !== "Flanders" && region !== "Wallonia" && region !== "Brussels") return source;
  if (cache === undefined) {
    if (!Object.isExtensible(text)) return source;
    cache = {};
    Object.defineProperty(text, RESOLVED, { value: cache });
  }
  cache[region] = source;
  return source;
}
