import type { Language } from "@cartax/engine";
import { PAGE_TEXTS } from "./page-texts";

/** The id of the note that says what the provisional mark means (one per page). */
export const PROVISIONAL_NOTE = "provisional-note";

/** "provisional*", tied to the note that says what it means (words, not colour alone). */
export function ProvisionalMark(props: { readonly language: Language; readonly note: string }) {
  return (
    <span class="provisional" data-provisional="true" aria-describedby={props.note}>
      {PAGE_TEXTS[props.language].provisional}*
    </span>
  );
}

/** The note under the figures that says what the provisional mark means. */
export function ProvisionalNote(props: { readonly language: Language; readonly id: string }) {
  return (
    <p class="note provisional-note" id={props.id} data-testid="provisional-note">
      * {PAGE_TEXTS[props.language].provisionalNote}
    </p>
  );
}
