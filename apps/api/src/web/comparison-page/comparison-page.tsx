import type { Language } from "@cartax/engine";
import { LanguageLinks } from "../kit/language-links";
import {
  ChartsSection,
  ComparisonHead,
  ProfileSection,
  RankingSection,
  TotalsSection,
  YearsSection,
} from "./comparison-sections";
import { COMPARISON_TEXTS } from "./comparison-texts";
import { comparisonView } from "./comparison-view-model";
import type { SharedComparison } from "./shared-comparison";

export interface ComparisonPageProps {
  readonly comparison: SharedComparison;
  readonly language: Language;
  /** The page's own public URL (Open Graph). */
  readonly url: string;
}

/**
 * The public page of a saved comparison: the cars side by side for one profile over the holding
 * period (one row per car, in the order they were compared), the ranking, each tax's totals and
 * its figures year by year, each with a link to its legal source, years under assumed rules
 * marked. In one language, server-rendered, self-contained like the car page (same style, no
 * script), printable. It shows the figures as the comparison answered them (made on a date, under
 * a rules version), no car ids and no owner data.
 */
export function ComparisonPage(props: ComparisonPageProps) {
  const view = comparisonView(props.comparison, props.language);
  return (
    <html lang={props.language}>
      <ComparisonHead view={view} url={props.url} />
      <body>
        <main>
          <header>
            <p class="eyebrow">{COMPARISON_TEXTS[props.language].title}</p>
            <h1>{view.heading}</h1>
            <LanguageLinks language={props.language} />
          </header>
          <RankingSection view={view} />
          <TotalsSection view={view} />
          <ChartsSection view={view} />
          <YearsSection view={view} />
          <ProfileSection view={view} />
        </main>
      </body>
    </html>
  );
}

/** The whole HTML document of a comparison's public page. */
export function comparisonPageHtml(props: ComparisonPageProps): string {
  return `<!doctype html>${(<ComparisonPage {...props} />).toString()}`;
}
