import { citing } from "../parameter-table";

/** Legal texts and publications the regional rule tables cite (first = main source). */
export const REGIONAL_SOURCES = citing({
  vcf: "https://codex.vlaanderen.be",
  vcfJustel: "https://www.ejustice.just.fgov.be/eli/decreet/2013/12/13/2013036154/justel",
  autoverzekering2022:
    "https://www.autoverzekering-berekenen.be/verkeersbelasting/jaarlijkse-verkeersbelasting.html",
  vlbNotice2025: "https://gesetzguide.be/laws/2025004422/compare",
  flemishOldtimer:
    "https://www.vlaanderen.be/belastingen-en-begroting/vlaamse-belastingen/verkeersbelastingen/welke-verkeersbelastingen-betaal-ik-bij-de-aankoop-van-een-oldtimer",
  flemishLpgReduction:
    "https://www.vlaanderen.be/belastingen-en-begroting/vlaamse-belastingen/verkeersbelastingen/jaarlijkse-verkeersbelasting/verminderingen-en-vrijstellingen-van-de-jaarlijkse-verkeersbelasting/forfaitaire-vermindering-van-de-jaarlijkse-verkeersbelasting-voor-lpg-voertuigen",
  trendsOldtimer2023:
    "https://trends.knack.be/geld/belastingen/een-oldtimer-is-niet-alleen-rijden-maar-ook-rekenen/",
  knackOldtimer2022:
    "https://www.knack.be/nieuws/auto/oldtimerplezier-wordt-complexer-in-2022/article-normal-1820175.html",
  walloniaOldtimerPlate: "https://finances.wallonie.be/demandes/en/2560_paying-road-tax.html",
  guidemobiliteBrussels:
    "https://guidemobilite.be/post/quelles-sont-les-taxes-automobiles-dues-en-region-de-bruxelles-capitale",
  vlb2020:
    "https://www.belastingen.vlaanderen.be/jaarlijkse-automatische-indexatie-verkeersbelastingen-vanaf-1-juli-2020",
  fleet2021:
    "https://www.fleet.be/zoveel-zal-de-indexering-van-de-vlaamse-biv-en-verkeersbelasting-u-extra-kosten/",
  steyaert2022: "https://steyaertieper.be/nieuws/detail/verkeersbelasting-stijgt-met-897-procent",
  hln2023:
    "https://www.hln.be/economie/dit-verandert-er-vanaf-1-juli-verkeersbelasting-stijgt-met-5-procent-maestro-bankkaarten-verdwijnen-en-minimumpensioenen-gaan-omhoog~a434f6fe/",
  takscheck: "https://github.com/Proxem-AI/takscheck",
  febiac2026: "https://dataservices.febiac.be/en/taxo/online",
  bs2022w: "https://vlex.be/vid/waalse-overheidsdienst-financien-departement-907243846",
  bs2022b: "https://etaamb.openjustice.be/nl/bericht_n2022041573.html",
  l2f2023: "https://link2fleet.be/nieuwe-tarieven-verkeersbelasting-vanaf-1-juli-2023",
  l2f2024: "https://link2fleet.be/nieuwe-tarieven-verkeersbelasting-vanaf-1-juli-2024/",
  sysbo: "https://github.com/Sysbo/carTaxBE",
  walloniaTaxes:
    "https://www.wallonie.be/fr/decouvrir-la-wallonie/la-wallonie-en-chiffres/fiscalite-wallonne/taxes-vehicules",
  walloniaEv: "https://fiduciaire-finacces.be/la-taxe-de-mise-en-circulation-tmc-reforme-en-wallonie",
  ecoMalus: "https://polinfo.kluwer.be/NewsView.aspx?id=VS300159352&contentdomains=POLINFO&lang=fr",
  ecoMalusLegalPersons: "https://www.lavenir.net/cnt/dmf20140107_00413755",
  walloonReform:
    "https://levif.be/auto-3/nouvelle-taxe-de-mise-en-circulation-des-juillet-2025-en-wallonie-le-prix-decrypte-avec-15-modeles-de-voitures-infographie",
  walloonReformX:
    "https://www.lavenir.net/actu/belgique/2023/09/07/nouvelle-taxe-de-mise-en-circulation-que-coutera-t-elle-pour-le-top-10-des-voitures-les-plus-vendues-en-belgique-JRMX4ND7XFFMRJQTV3QWMTFUGQ/",
  walloonReformAge: "https://cartax.be/?p=99",
  walloonReformEv:
    "https://link2fleet.com/fr/wallonie-la-reforme-de-la-tmc-fait-un-pas-vers-plus-dequite-et-un-coup-de-pouce-a-lelectrique",
  walloonReformEvId4: "https://vroom.be/fr/information/reforme-tmc-wallonie-familles-nombreuses",
  walloonReformClamp:
    "https://leblogauto.com/electrique/les-vehicules-electriques-encore-plus-taxes-en-wallonie-94133",
  brusselsIndexation:
    "https://link2fleet.be/fr/brussels-gewest-verhoogt-haar-biv-tarieven-met-20-vanaf-1-juli-2024",
  brusselsLeasing:
    "https://www.moore.be/fr/nouvelle/nouvelle-reforme-indexation-de-la-taxe-de-mise-en-circulation-sur-les-vehicules-a-partir",
  brusselsTmc: "https://fleet.be/les-taxes-automobiles-bruxelloises-augmentent-ce-1er-juillet/?lang=fr",
  taxcalc: "https://github.com/CePseudoBE/taxcalc",
  oldTable:
    "https://greencars.be/nl-be/dossiers-nl/nl-fiscalite/belasting-op-de-inverkeerstelling-brussel-en-wallonie-voor-nieuwe-autos/",
  leasingNotIndexed:
    "https://www.link2fleet.be/lichte-verhoging-vlaamse-biv-en-verkeersbelasting-maar-wel-berekend-op-wltp-norm/",
  flemishEv: "https://www.vlaanderen.be/vrijstelling-voor-pure-elektrische-en-pure-waterstofvoertuigen",
});
