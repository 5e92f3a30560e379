import type { Language } from "@cartax/engine";

/**
 * The mark of `cartax calc`'s table for a line the API marks `provisional`, and the legend under
 * the table that says what it means, in the request's language (the table's names are in it too).
 */
export const PROVISIONAL_MARK: Readonly<
  Record<Language, { readonly mark: string; readonly legend: string }>
> = {
  en: {
    mark: "provisional*",
    legend:
      "* provisional: the figure rests on a rule or an amount that no authoritative source has confirmed yet; it may still change (the parameters marked [provisional] below).",
  },
  nl: {
    mark: "voorlopig*",
    legend:
      "* voorlopig: het bedrag steunt op een regel of een bedrag dat nog niet door een gezaghebbende bron bevestigd is; het kan nog wijzigen (de parameters gemarkeerd met [provisional] hieronder).",
  },
  fr: {
    mark: "provisoire*",
    legend:
      "* provisoire : le montant repose sur une règle ou un montant qu’aucune source officielle n’a encore confirmé ; il peut encore changer (les paramètres marqués [provisional] ci-dessous).",
  },
};
