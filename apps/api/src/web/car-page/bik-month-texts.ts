import type { Language } from "@cartax/engine";

/** The words of the benefit in kind's monthly amount on the car page (issue 40 point 5); `{…}` filled in. */
export const BIK_MONTH_TEXTS: Readonly<
  Record<Language, { readonly perMonth: string; readonly how: string }>
> = {
  en: {
    perMonth: "{amount} a month",
    how: "For {month}, {days} days of use: the yearly benefit at that month’s age coefficient × the days of use ÷ the year’s days.",
  },
  nl: {
    perMonth: "{amount} per maand",
    how: "Voor {month}, {days} dagen gebruik: het jaarlijkse voordeel aan de leeftijdscoëfficiënt van die maand × de dagen gebruik ÷ de dagen van het jaar.",
  },
  fr: {
    perMonth: "{amount} par mois",
    how: "Pour {month}, {days} jours d’utilisation : l’avantage annuel au coefficient d’âge de ce mois × les jours d’utilisation ÷ les jours de l’année.",
  },
};
