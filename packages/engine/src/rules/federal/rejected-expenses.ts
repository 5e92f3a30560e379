/**
 * Rejected expenses on the benefit in kind (verworpen uitgaven / dépenses non admises):
 * art. 198 §1, 9° and 9°bis WIB 92 (corporate tax only). Computed on the BIK before the employee's
 * own contribution (since 1/1/2017).
 */
import { citing } from "../parameter-table";

export const REJECTED_EXPENSES_RATES = {
  /** Share of the BIK added to the disallowed expenses. */
  standard: 17,
  /** When the company bears any private fuel cost (fuel card, expense claims). */
  withFuelCard: 40,
  sources: citing({
    rates:
      "https://www.fmg.be/impot-des-societes-augmentation-du-rejet-des-frais-de-voiture-a-concurrence-dune-quotite-de-latn/",
    grossBik:
      "https://www2.deloitte.com/be/en/pages/accountancy/articles/accountancy-actualites/avantage-voiture-societe-et-depense-non-admise.html",
    /**
     * Whether employer-paid electricity of an EV triggers 40 % is not settled (art. 198 speaks of
     * fuel); electricity is treated like a fuel card for the BIK (circular 2024/C/77), so 40 % is
     * applied and the result is provisional.
     */
    electricity:
      "https://blog.forumforthefuture.be/fr/article/circulaire-2024c77-relative-au-remboursement-des-frais-delectricite-par-lemployeur-pour-la-recharge-a-domicile-dune-voiture-dentreprise/25355",
  }),
} as const;
