import type { Language } from "@cartax/engine";
import type { StoredCar } from "@cartax/storage";
import { LanguageLinks } from "../kit/language-links";
import { PAGE_TEXTS } from "../kit/page-texts";
import { BikSection, CarHead, SpecsSection, TaxesSection } from "./car-sections";
import { carView } from "./car-view-model";

export interface CarPageProps {
  readonly car: StoredCar;
  readonly language: Language;
  /** Today in Belgium: the registration date the taxes are computed for. */
  readonly today: string;
  /** The page's own public URL (Open Graph). */
  readonly url: string;
}

/**
 * The public page of a car detail: name, specifications and tax summary, in one language,
 * server-rendered, self-contained (styles inline, no external assets), printable, with Open Graph
 * tags for link previews. It shows no owner data and no key.
 */
export function CarPage(props: CarPageProps) {
  const view = carView(props.car, props.today, props.language);
  return (
    <html lang={props.language}>
      <CarHead view={view} url={props.url} />
      <body>
        <main>
          <header>
            <p class="eyebrow">{PAGE_TEXTS[props.language].title}</p>
            <h1>{view.name}</h1>
            <LanguageLinks language={props.language} />
          </header>
          <TaxesSection view={view} />
          <BikSection view={view} />
          <SpecsSection view={view} />
        </main>
      </body>
    </html>
  );
}
