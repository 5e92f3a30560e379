import type { Language } from "@cartax/engine";
import { FAVICON_DATA_URI } from "./favicon";
import { PAGE_STYLE } from "./page-style";

/** What a shared page's head says: its title, its summary for link previews, where it lives. */
export interface SharedPageHeadProps {
  readonly title: string;
  readonly description: string;
  readonly language: Language;
  readonly url: string;
  /** The page's own style after the kit's. */
  readonly extraStyle?: string;
}

/** The head of a public page: title, link previews (Open Graph), not indexed, the icon and the style. */
export function SharedPageHead({ title, description, language, url, extraStyle = "" }: SharedPageHeadProps) {
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={{ en: "en_GB", nl: "nl_BE", fr: "fr_BE" }[language]} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="robots" content="noindex" />
      <link rel="icon" href={FAVICON_DATA_URI} />
      <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE + extraStyle }} />
    </head>
  );
}
