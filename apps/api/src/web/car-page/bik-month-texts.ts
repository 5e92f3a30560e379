import type { Language } from "@cartax/engine";

/** The words of the benefit in kind's monthly amount on the car page (issue 40 point 5); `{…}` filled in. */
export const BIK_MONTH_TEXTS: Readonly<
  Record<Language, { readonly perMonth: string; readonly how: string }>
> = {
  en: {
    perMonth: "{amount} a month",
    how: "For a full month of use ({month}): the yearly benefit at that month’s age coefficient × the month’s days ÷ the year’s days.",
  },
  nl: {
    perMonth: "{amount} per maand",
    how: "Voor een volledige maand gebruik ({month}): het jaarlijkse voordeel aan de leeftijdscoëfficiënt van die maand × de dagen van de maand ÷ de dagen van het jaar.",
  },
  fr: {
    perMonth: "{amount} par mois",
    how: "Pour un mois complet d’utilisation ({month}) : l’avantage annuel au coefficient d’âge de ce mois × les jours du mois ÷ les jours de l’année.",
  },
};
