import type { Language } from "../../core/enums";

/**
 * The parameters a year can lack, named for people (a line without a figure names what is not
 * published; an assumed line names what it carried). These are the parameters whose last row ends:
 * the yearly indexations and published scales. A test checks every such parameter has a name here;
 * another parameter is named by its id.
 */
export const PARAMETER_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    "bik.minimum": "the minimum benefit in kind",
    "bik.referenceCo2": "the reference CO2 emissions of the benefit in kind",
    "co2Contribution.healthIndex": "the health index of the CO2 contribution",
    "deduction.pitPluginHybridCap51to75": "the deduction cap of plug-in hybrids of 51–75 g/km",
    "flanders.biv.maximum": "the Flemish registration tax maximum",
    "flanders.biv.minimum": "the Flemish registration tax minimum",
    "flanders.biv.q": "the Flemish registration tax's WLTP correction q",
    "flanders.biv.x": "the Flemish registration tax's NEDC correction x",
    "flanders.index": "the Flemish index coefficient",
    "flanders.roadTax.indexCoefficient": "the Flemish road tax index coefficient",
    "flanders.roadTax.leasingScale": "the Flemish road tax scale of leasing companies",
    "flanders.roadTax.minimum": "the Flemish road tax minimum",
    "flanders.roadTax.oldCarFlat": "the Flemish flat road tax of old cars",
    "flanders.roadTax.scale": "the Flemish road tax scale",
    "flanders.roadTax.zeroEmissionFlat": "the Flemish road tax of zero-emission cars",
    "brussels.roadTax.oldCarFlat": "the Brussels flat road tax of old cars",
    "brussels.roadTax.scale": "the Brussels road tax scale",
    "brussels.tmc.indexation": "the Brussels registration tax indexation",
    "wallonia.roadTax.oldCarFlat": "the Walloon flat road tax of old cars",
    "wallonia.roadTax.scale": "the Walloon road tax scale",
    "wallonia.tmc.reformIndexation": "the indexation of the Walloon registration tax reform",
  },
  nl: {
    "bik.minimum": "het minimale voordeel alle aard",
    "bik.referenceCo2": "de referentie-CO2-uitstoot van het voordeel alle aard",
    "co2Contribution.healthIndex": "de gezondheidsindex van de CO2-bijdrage",
    "deduction.pitPluginHybridCap51to75": "het aftrekplafond van plug-inhybrides van 51–75 g/km",
    "flanders.biv.maximum": "het Vlaamse BIV-maximum",
    "flanders.biv.minimum": "het Vlaamse BIV-minimum",
    "flanders.biv.q": "de WLTP-correctie q van de Vlaamse BIV",
    "flanders.biv.x": "de NEDC-correctie x van de Vlaamse BIV",
    "flanders.index": "de Vlaamse indexcoëfficiënt",
    "flanders.roadTax.indexCoefficient": "de indexcoëfficiënt van de Vlaamse verkeersbelasting",
    "flanders.roadTax.leasingScale": "de Vlaamse verkeersbelastingschaal van leasingmaatschappijen",
    "flanders.roadTax.minimum": "het minimum van de Vlaamse verkeersbelasting",
    "flanders.roadTax.oldCarFlat": "de Vlaamse forfaitaire verkeersbelasting van oude wagens",
    "flanders.roadTax.scale": "de schaal van de Vlaamse verkeersbelasting",
    "flanders.roadTax.zeroEmissionFlat": "de Vlaamse verkeersbelasting van emissievrije wagens",
    "brussels.roadTax.oldCarFlat": "de Brusselse forfaitaire verkeersbelasting van oude wagens",
    "brussels.roadTax.scale": "de schaal van de Brusselse verkeersbelasting",
    "brussels.tmc.indexation": "de indexering van de Brusselse BIV",
    "wallonia.roadTax.oldCarFlat": "de Waalse forfaitaire verkeersbelasting van oude wagens",
    "wallonia.roadTax.scale": "de schaal van de Waalse verkeersbelasting",
    "wallonia.tmc.reformIndexation": "de indexering van de hervormde Waalse BIV",
  },
  fr: {
    "bik.minimum": "l'avantage de toute nature minimum",
    "bik.referenceCo2": "les émissions CO2 de référence de l'avantage de toute nature",
    "co2Contribution.healthIndex": "l'indice santé de la cotisation CO2",
    "deduction.pitPluginHybridCap51to75": "le plafond de déduction des hybrides rechargeables de 51–75 g/km",
    "flanders.biv.maximum": "le maximum de la taxe de mise en circulation flamande",
    "flanders.biv.minimum": "le minimum de la taxe de mise en circulation flamande",
    "flanders.biv.q": "la correction WLTP q de la taxe de mise en circulation flamande",
    "flanders.biv.x": "la correction NEDC x de la taxe de mise en circulation flamande",
    "flanders.index": "le coefficient d'indexation flamand",
    "flanders.roadTax.indexCoefficient": "le coefficient d'indexation de la taxe de circulation flamande",
    "flanders.roadTax.leasingScale": "le barème flamand de la taxe de circulation des sociétés de leasing",
    "flanders.roadTax.minimum": "le minimum de la taxe de circulation flamande",
    "flanders.roadTax.oldCarFlat": "la taxe de circulation forfaitaire flamande des voitures anciennes",
    "flanders.roadTax.scale": "le barème de la taxe de circulation flamande",
    "flanders.roadTax.zeroEmissionFlat": "la taxe de circulation flamande des voitures zéro émission",
    "brussels.roadTax.oldCarFlat": "la taxe de circulation forfaitaire bruxelloise des voitures anciennes",
    "brussels.roadTax.scale": "le barème de la taxe de circulation bruxelloise",
    "brussels.tmc.indexation": "l'indexation de la taxe de mise en circulation bruxelloise",
    "wallonia.roadTax.oldCarFlat": "la taxe de circulation forfaitaire wallonne des voitures anciennes",
    "wallonia.roadTax.scale": "le barème de la taxe de circulation wallonne",
    "wallonia.tmc.reformIndexation": "l'indexation de la réforme wallonne de la taxe de mise en circulation",
  },
};

const CARRIED_FROM: Readonly<Record<Language, { readonly year: string; readonly from: string }>> = {
  en: { year: "value of {year}", from: "value from {date}" },
  nl: { year: "waarde van {year}", from: "waarde vanaf {date}" },
  fr: { year: "valeur de {year}", from: "valeur à partir du {date}" },
};

/**
 * A list of parameters for a description: ids separated by spaces, each with `@yyyy-MM-dd` when it
 * was carried from the row starting that day ("the health index of the CO2 contribution (value of
 * 2026)"); a row starting on 1 January is named by its year.
 */
export function parameterListText(list: string, language: Language): string {
  const names = PARAMETER_NAMES[language];
  return list
    .split(" ")
    .filter((item) => item !== "")
    .map((item) => {
      const [id = "", from] = item.split("@");
      const name = names[id] ?? id;
      if (from === undefined) return name;
      const [year = "", month = "", day = ""] = from.split("-");
      const template = CARRIED_FROM[language];
      const carried =
        month === "01" && day === "01"
          ? template.year.replace("{year}", year)
          : template.from.replace("{date}", `${year}-${month}-${day}`);
      return `${name} (${carried})`;
    })
    .join(", ");
}
