import type { Language } from "@cartax/engine";
import { FAVICON_DATA_URI } from "./favicon";
import { LanguageLinks } from "./language-links";
import { PAGE_STYLE } from "./page-style";
import { PAGE_TEXTS } from "./page-texts";

/**
 * What a visitor sees for a public link that does not exist (mistyped, or its car is gone): a page
 * in their language, with the public page's look, instead of the API's problem JSON.
 */
export function NotFoundPage(props: { readonly language: Language }) {
  const t = PAGE_TEXTS[props.language];
  return (
    <html lang={props.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${t.notFoundTitle} — ${t.title}`}</title>
        <meta name="robots" content="noindex" />
        <link rel="icon" href={FAVICON_DATA_URI} />
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE }} />
      </head>
      <body>
        <main>
          <header>
            <p class="eyebrow">{t.title}</p>
            <h1>{t.notFoundTitle}</h1>
            <LanguageLinks language={props.language} />
          </header>
          <section>
            <p>{t.notFoundText}</p>
          </section>
        </main>
      </body>
    </html>
  );
}
