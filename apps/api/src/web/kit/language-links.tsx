import type { Language } from "@cartax/engine";
import { PAGE_TEXTS } from "./page-texts";

/** Links to the same page in each language (plain links: the page has no script). */
export function LanguageLinks(props: { readonly language: Language }) {
  return (
    <nav class="languages" aria-label={PAGE_TEXTS[props.language].languages}>
      {(["nl", "fr", "en"] as const).map((lang) => (
        <a href={`?lang=${lang}`} hreflang={lang} aria-current={lang === props.language ? "true" : undefined}>
          {lang.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}
