import type { Language } from "@cartax/engine";

/** The words of the link to the simulator, in the three languages. */
export const SIMULATOR_LINK_TEXTS: Readonly<Record<Language, string>> = {
  en: "Try your own car in the tax simulator",
  nl: "Probeer uw eigen wagen in de belastingsimulator",
  fr: "Essayez votre propre voiture dans le simulateur de taxes",
};

/**
 * The link from a page to the simulator in the page's language (issue 40 point 4: no page linked
 * to it). One line in each page that shows figures, so a reader finds where to try other inputs.
 */
export function SimulatorLink(props: { readonly language: Language }) {
  return (
    <p class="simulator-link">
      <a href={`/simulator/${props.language}`} data-testid="simulator-link">
        {SIMULATOR_LINK_TEXTS[props.language]}
      </a>
    </p>
  );
}
