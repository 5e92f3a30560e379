import type { Language } from "@cartax/engine";
import { simulate } from "./simulate";
import { answerHtml } from "./simulator-answer";
import { queryOfValues, SIMULATOR_FIELDS, valuesOfQuery } from "./simulator-fields";

/**
 * The simulator in the browser (bundled with the engine into /simulator/simulator.js): every
 * change of the form runs the engine here, with no request to the service (the page's policy
 * allows none: `connect-src 'none'`), redraws the answer, and writes the inputs into the address
 * so that a copied link opens the same simulation, in any language.
 */
const form = document.getElementById("simulator") as HTMLFormElement | null;
const answer = document.getElementById("answer");
const share = document.getElementById("share") as HTMLAnchorElement | null;

function formValues(of: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of SIMULATOR_FIELDS) {
    const control = of.elements.namedItem(field.name) as HTMLInputElement | HTMLSelectElement | null;
    if (!control) continue;
    values[field.name] =
      control instanceof HTMLInputElement && control.type === "checkbox"
        ? control.checked
          ? "true"
          : ""
        : control.value;
  }
  return values;
}

/** The answer last drawn: an event that changes nothing (the `change` after `input`) redraws nothing. */
let drawn: string | undefined;

function update(of: HTMLFormElement, into: HTMLElement, language: Language): void {
  const values = formValues(of);
  const simulation = simulate(values, language);
  const html = answerHtml(simulation, language, values);
  // Each field the error summary names is marked invalid, for a screen reader in the field itself.
  const wrong = new Set(simulation.ok ? [] : simulation.problems.map((p) => p.name));
  for (const field of SIMULATOR_FIELDS)
    document
      .getElementById(`field-${field.name}`)
      ?.setAttribute("aria-invalid", String(wrong.has(field.name)));
  // Redrawing the same answer would replace the link under the pointer between the press and the
  // release of a click (the field's `change` fires as it loses focus): the click would be lost.
  if (html !== drawn) into.innerHTML = html;
  drawn = html;
  const query = queryOfValues(values);
  const address = `${location.pathname}${query ? `?${query}` : ""}`;
  history.replaceState(null, "", address);
  if (share) share.href = address;
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-language-link]"))
    link.href = `/simulator/${link.dataset.languageLink}${query ? `?${query}` : ""}`;
}

/** Puts a shared link's inputs into the form (the static build's pages hold the defaults only). */
function restore(of: HTMLFormElement, query: URLSearchParams): boolean {
  if (!SIMULATOR_FIELDS.some((field) => query.has(field.name))) return false;
  const values = valuesOfQuery(query);
  for (const field of SIMULATOR_FIELDS) {
    const control = of.elements.namedItem(field.name) as HTMLInputElement | HTMLSelectElement | null;
    if (!control) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox")
      control.checked = values[field.name] === "true";
    else control.value = values[field.name] ?? "";
  }
  return true;
}

if (form && answer) {
  const language = (form.dataset.language ?? "en") as Language;
  if (restore(form, new URLSearchParams(location.search))) update(form, answer, language);
  form.addEventListener("input", () => update(form, answer, language));
  // A link of the error summary or of the values to check takes the reader into the field itself.
  answer.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[data-field]");
    const control = link ? document.getElementById(`field-${(link as HTMLElement).dataset.field}`) : null;
    if (!control) return;
    event.preventDefault();
    control.scrollIntoView({ block: "center" });
    control.focus();
  });
  form.addEventListener("change", () => update(form, answer, language));
  // The form works without this script (a GET to the same page); with it, nothing is sent.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update(form, answer, language);
  });
  document.documentElement.dataset.simulator = "ready";
}
