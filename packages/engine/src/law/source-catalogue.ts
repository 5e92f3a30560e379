import type { SourceEntry } from "./source";

/**
 * Every publication a rule table or statutory constant cites, by address. Tables and calculators
 * name a source by its `href`; `sourceOf` answers the structured entry, and a table citing an
 * address missing here fails at load (a data error, caught by the registry test).
 * `officialJournalDate` is the Belgian Official Journal (Belgisch Staatsblad / Moniteur belge)
 * publication date, for sources that are official texts.
 */
export const SOURCE_CATALOGUE: readonly SourceEntry[] = [
  // Federal: benefit in kind (art. 36 §2 WIB 92)
  {
    href: "https://www.bdo.be/en-gb/insights/articles/2025/benefit-company-car-co2-emission-2024-0208cb2d10ecee40b56b159f351f85ce",
    title: "BDO: benefit in kind of a company car, CO2 emission 2024 (formula and parameters)",
  },
  {
    href: "https://financien.belgium.be/nl/Actualites/referentie-co2-uitstoot-voor-2021",
    title: "FOD Financiën: referentie-CO2-uitstoot voor 2021",
  },
  { href: "https://www.leaseplan.com/fr-be/atn-2021-2022/", title: "LeasePlan: ATN 2021–2022" },
  {
    href: "https://www.dillenadvocaten.be/documents/news-items/kl2612244-voordelen-van-alle-aard-bedrijfswagen-referentie-co2-uitstoot-voor-2022.xml?lang=nl",
    title: "Dillen advocaten: referentie-CO2-uitstoot voor 2022 (KB 7/12/2021)",
  },
  {
    href: "https://www.countable.be/nieuws/bedrijfswagens-worden-opnieuw-duurder/",
    title: "Countable: bedrijfswagens worden opnieuw duurder (reference CO2 2023)",
  },
  {
    href: "https://moniteurautomobile.be/actu-auto/budget/atn-attention-ca-va-piquer.html",
    title: "Moniteur Automobile: ATN 2023, attention ça va piquer",
  },
  {
    href: "https://grantthornton.be/en/the-field/articles-and-publications/Direct-tax/calculate-your-benefit-in-kind-for-income-year-2024",
    title: "Grant Thornton: calculate your benefit in kind for income year 2024",
  },
  {
    href: "https://thglln.be/news/7344/les-voitures-de-societe-et-le-taux-demission-de-co2-de-reference-pour-2024",
    title: "THGLLN: voitures de société, taux d'émission de CO2 de référence pour 2024",
  },
  {
    href: "https://propay.be/fr/news/vehicules-dentreprise-et-emissions-de-co2-de-reference-pour-2025",
    title: "Propay: véhicules d'entreprise et émissions de CO2 de référence pour 2025",
  },
  {
    href: "https://www.securex.be/en/lex4you/self-employed/news/company-cars-and-the-reference-co2-emission-rate-for-2026",
    title: "Securex: company cars and the reference CO2 emission rate for 2026",
  },
  {
    href: "https://www.fleet.be/ces-voitures-electriques-vous-garantissent-un-atn-minimal/?lang=fr",
    title: "Fleet.be: ces voitures électriques vous garantissent un ATN minimal",
  },
  { href: "https://headlight.tech/blogs/benefit-in-kind-2024", title: "Headlight: benefit in kind 2024" },
  {
    href: "https://v8.moniteurautomobile.be/actu-auto/professionnel/evolution-avantage-toute-nature-2025.html",
    title: "Moniteur Automobile: évolution de l'avantage de toute nature 2025",
  },
  {
    href: "https://mobiflow.be/what-will-change-fiscally-in-2025",
    title: "Mobiflow: what will change fiscally in 2025",
  },
  {
    href: "https://www.ag-consult.site/actualites-fiscales/2959368_atn-voiture-en-2026",
    title: "AG Consult: ATN voiture en 2026",
  },
  {
    href: "https://www.partena-professional.be/en/our-insights/infoflashes/company-cars-reference-co2-emissions-2025-have-been-published",
    title: "Partena Professional: company cars, reference CO2 emissions 2025 published",
  },
  {
    href: "https://www.bdo.be/en-gb/news/2020/calculation-benefit-in-kind-and-tax-deductibility-of-company-cars",
    title: "BDO: calculation of benefit in kind and tax deductibility of company cars (2020)",
  },
  {
    href: "https://rovoco.be/en/post/company-car-calculation-of-benefits-in-kind",
    title: "Rovoco: company car, calculation of benefits in kind (VAT, age coefficients)",
  },
  // Federal: rejected expenses (art. 198 §1, 9° WIB 92)
  {
    href: "https://www2.deloitte.com/be/en/pages/accountancy/articles/accountancy-actualites/avantage-voiture-societe-et-depense-non-admise.html",
    title: "Deloitte: avantage voiture de société et dépense non admise",
  },
  {
    href: "https://www.fmg.be/impot-des-societes-augmentation-du-rejet-des-frais-de-voiture-a-concurrence-dune-quotite-de-latn/",
    title: "FMG: impôt des sociétés, rejet des frais de voiture à concurrence d'une quotité de l'ATN",
  },
  {
    href: "https://blog.forumforthefuture.be/fr/article/circulaire-2024c77-relative-au-remboursement-des-frais-delectricite-par-lemployeur-pour-la-recharge-a-domicile-dune-voiture-dentreprise/25355",
    title: "Forum for the Future: circulaire 2024/C/77 (électricité de recharge à domicile)",
  },
  // Federal: CO2 solidarity contribution (art. 38 §3quater law of 29/6/1981)
  {
    href: "https://www.socialsecurity.be/employer/instructions/dmfappl/nl/2017-4/instructions/special_contributions/companycar/calculationmethod.html",
    title: "RSZ administratieve instructies: solidariteitsbijdrage bedrijfswagens, berekeningswijze",
  },
  {
    href: "https://www.securex.be/nl/lex4you/werkgever/themas/verlonen/bedrijfswagen/bedrijfswagen-berekening-van-de-solidariteitsbijdrage-voor-de-rsz",
    title: "Securex: berekening van de solidariteitsbijdrage voor de RSZ",
  },
  {
    href: "https://www.groups.be/fr/actualites/articles-juridiques/cotisation-de-solidarite-onss-et-voiture-de-societe-montant-2023",
    title: "Group S: cotisation de solidarité ONSS et voiture de société, montant 2023",
  },
  {
    href: "https://acerta.be/nl/inspiratie/co2-bijdrage-bedrijfswagen-v2",
    title: "Acerta: CO2-bijdrage bedrijfswagen",
  },
  {
    href: "https://securex.be/fr/lex4you/employeur/actualites/voiture-de-societe-la-cotisation-de-solidarite-pour-2025-est-connue?activecategory=181",
    title: "Securex: la cotisation de solidarité pour 2025 est connue",
  },
  {
    href: "https://easypay-group.com/fr_BE/connaissance/flashes-info/detail/Vehicules-de-societe---ONSS-%3A-la-cotisation-Co2-au-1er-janvier-2026?id=10760",
    title: "Easypay: véhicules de société, la cotisation CO2 au 1er janvier 2026",
  },
  {
    href: "https://www.groups.be/1_42836.htm?rdeLocaleAttr=fr",
    title: "Group S: cotisation CO2, véhicules au gaz naturel",
  },
  {
    href: "https://www.partena-professional.be/nl/knowledge-center/infoflashes/rsz-sterke-verhoging-van-de-co2-bijdrage-vanaf-1-juli-2023",
    title: "Partena Professional: sterke verhoging van de CO2-bijdrage vanaf 1 juli 2023",
  },
  {
    href: "https://carcostadvisor.com/fr/blog/cotisation-co%e2%82%82-2025-quest-ce-que-cela-signifie-pour-votre-flotte",
    title: "CarCostAdvisor: cotisation CO2 2025",
  },
  {
    href: "https://link2fleet.be/fr/contribution-co2-des-augmentations-de-225-possibles-pour-les-vehicules-commandes-apres-le-1er-juillet-2023/",
    title: "Link2Fleet: contribution CO2 pour les véhicules commandés après le 1er juillet 2023",
  },
  {
    href: "https://link2fleet.be/fr/berekening-co2-bijdrage-2025-een-cumul-van-meerdere-stijgingen",
    title: "Link2Fleet: berekening CO2-bijdrage 2025",
  },
  {
    href: "https://www.vanmossel.be/fr/autolease/nieuws/hoeveel-zal-de-co-bijdrage-op-bedrijfswagens-kosten-in-2026",
    title: "Van Mossel: hoeveel zal de CO2-bijdrage op bedrijfswagens kosten in 2026",
  },
  // Federal: deduction of car costs (art. 66 WIB 92)
  {
    href: "https://www.fiscusonweb.be/vennootschapsbelasting/autofiscaliteit-in-de-vennootschapsbelasting/aftrekbaarheid-hybride-wagens",
    title: "Fiscus on web: aftrekbaarheid hybride wagens",
  },
  {
    href: "https://news.pwc.be/nedc-vs-nedc-2-0-vs-wltp-new-updated-faqs-regarding-the-percentage-of-deduction-of-professional-car-expenses-and-calculation-of-the-bik-for-employees/",
    title: "PwC: NEDC vs NEDC 2.0 vs WLTP, FAQs on the deduction percentage of car expenses",
  },
  {
    href: "https://www.freelancenetwork.be/nl/blog/de-nieuwe-autofiscaliteit-vanaf-1-januari-2020",
    title: "Freelance Network: de nieuwe autofiscaliteit vanaf 1 januari 2020",
  },
  {
    href: "https://feniksaccountants.be/fr/frais-de-voiture-a-partir-de-2018",
    title: "Feniks accountants: frais de voiture à partir de 2018",
  },
  {
    href: "https://fiskaplus.be/2022/12/14/3979/",
    title: "Fiskaplus: aftrek autokosten na de wet van 25/11/2021",
  },
  {
    href: "https://www.fiscusonweb.be/vennootschapsbelasting/autofiscaliteit-in-de-vennootschapsbelasting/aftrekbaarheid-elektrische-wagens",
    title: "Fiscus on web: aftrekbaarheid elektrische wagens",
  },
  {
    href: "https://www.goeminneaccountancy.be/minder-aftrek-voor-autos-op-benzine-en-diesel-vanaf-aanslagjaar-2026/",
    title: "Goeminne accountancy: minder aftrek voor auto's op benzine en diesel",
  },
  {
    href: "https://www.wolterskluwer.com/nl-be/expert-insights/tax-deductible-car-related-expenses",
    title: "Wolters Kluwer: tax-deductible car-related expenses",
  },
  {
    href: "https://blog.forumforthefuture.be/nl/article/circulaire-2026c11-over-de-aftrek-van-de-beroepskosten-van-oplaadbare-hybridevoertuigen/29831",
    title: "Forum for the Future: circulaire 2026/C/11 over de aftrek van oplaadbare hybridevoertuigen",
  },
  {
    href: "https://www.keycar.be/de-fiscale-revival-van-de-plug-in-hybride",
    title: "Keycar: de fiscale revival van de plug-in hybride",
  },
  { href: "https://www.egear.be/valse-hybride-75/", title: "eGear: valse hybride 75 %" },
  // Federal: fake plug-in hybrids
  {
    href: "https://www.acerta.be/nl/inspiratie/nieuwe-grenswaarde-voor-kwalificatie-als-valse-plug-hybride-bedrijfswagen",
    title: "Acerta: nieuwe grenswaarde voor kwalificatie als valse plug-in hybride",
  },
  {
    href: "https://www.link2fleet.be/fr/2de-fiscale-update-voor-plug-hybrides/",
    title: "Link2Fleet: 2de fiscale update voor plug-in hybrides",
  },
  {
    href: "https://carcostadvisor.com/blog/fiscaal-regime-phev-voor-zelfstandigen-eindelijk-goedgekeurd/page/2",
    title: "CarCostAdvisor: fiscaal regime PHEV voor zelfstandigen goedgekeurd",
  },
  { href: "https://www.sodibe.be/nieuws/valse-hybrides", title: "Sodibe: valse hybrides" },
  {
    href: "https://www.ejustice.just.fgov.be/eli/loi/2017/12/25/2017014414/moniteur",
    title:
      "Loi du 25 décembre 2017 portant réforme de l'impôt des sociétés (art. 36 and 66 CIR 92: fake plug-in hybrids), numac 2017014414",
    officialJournalDate: "2017-12-29",
  },
  {
    href: "https://legalworld.wolterskluwer.be/nl/nieuws/socialeye/vaa-voor-valse-hybrides-definitie-van-het-overeenstemmende-voertuig/",
    title:
      "Wolters Kluwer (Legalworld): VAA voor valse hybrides, definitie van het overeenstemmende voertuig (quotes art. 36, § 2 WIB 92 as amended by the law of 25 December 2017)",
  },
  // Regional
  {
    href: "https://codex.vlaanderen.be",
    title: "Vlaamse Codex Fiscaliteit (consolidated text of 03.04.2026)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/decreet/2013/12/13/2013036154/justel",
    title:
      "Vlaamse Codex Fiscaliteit, decree of 13 December 2013 (numac 2013036154), consolidated text in Justel: art. 2.2.4.0.1 §2 (road-tax scale, 1 July 2013 amounts), 2.2.4.0.2 §1 (flat amount of cars over 30 years), 2.2.4.0.3 (indexation, 0.12 € multiples), 2.3.4.1.3 (BIV minimum, cars of 30 years or more)",
  },
  {
    href: "https://www.autoverzekering-berekenen.be/verkeersbelasting/jaarlijkse-verkeersbelasting.html",
    title:
      "Autoverzekering-berekenen.be: Flemish road-tax base amounts by fiscal HP valid 01/07/2022 – 30/06/2023 (before the opdeciem)",
  },
  {
    href: "https://gesetzguide.be/laws/2025004422/compare",
    title:
      "Agentschap Vlaamse Belastingdienst, notice of 6 June 2025 on the indexation under VCF art. 2.2.4.0.3 and 2.3.4.1.4, new tariffs from 1 July 2025 (numac 2025004422; header read only)",
  },
  {
    href: "https://www.vlaanderen.be/belastingen-en-begroting/vlaamse-belastingen/verkeersbelastingen/welke-verkeersbelastingen-betaal-ik-bij-de-aankoop-van-een-oldtimer",
    title:
      "Vlaanderen.be: verkeersbelastingen bij de aankoop van een oldtimer (30 years, no O plate needed; 99.99 incl. opdeciem from 1 January 2023, indexed each 1 July)",
  },
  {
    href: "https://www.vlaanderen.be/belastingen-en-begroting/vlaamse-belastingen/verkeersbelastingen/jaarlijkse-verkeersbelasting/verminderingen-en-vrijstellingen-van-de-jaarlijkse-verkeersbelasting/forfaitaire-vermindering-van-de-jaarlijkse-verkeersbelasting-voor-lpg-voertuigen",
    title:
      "Vlaanderen.be: forfaitaire vermindering van de jaarlijkse verkeersbelasting voor LPG-voertuigen (110.04 / 119.88 / 126.12 from 1 July 2021 / 2022 / 2023)",
  },
  {
    href: "https://trends.knack.be/geld/belastingen/een-oldtimer-is-niet-alleen-rijden-maar-ook-rekenen/",
    title:
      "Trends: een oldtimer is niet alleen rijden maar ook rekenen (2023: Flemish flat road tax 99.99, not indexed on 1 July 2023; BIV 53; Brussels and Wallonia 61.50 and 44.30)",
  },
  {
    href: "https://www.knack.be/nieuws/auto/oldtimerplezier-wordt-complexer-in-2022/article-normal-1820175.html",
    title: "Knack: oldtimerplezier wordt complexer in 2022 (Flemish flat road tax 38.63; Walloon O plate)",
  },
  {
    href: "https://finances.wallonie.be/demandes/en/2560_paying-road-tax.html",
    title:
      "SPW Finances (Wallonia): paying road tax (the minimum flat-rate road tax for vehicles over 30 years old registered with an O plate)",
  },
  {
    href: "https://guidemobilite.be/post/quelles-sont-les-taxes-automobiles-dues-en-region-de-bruxelles-capitale",
    title:
      "Guide Mobilité: taxes automobiles en Région de Bruxelles-Capitale (LPG: TMC réduite, voire nulle pour les véhicules neufs les moins puissants; véhicules de plus de 25 ans)",
  },
  {
    href: "https://www.belastingen.vlaanderen.be/jaarlijkse-automatische-indexatie-verkeersbelastingen-vanaf-1-juli-2020",
    title: "Vlaamse Belastingdienst: jaarlijkse automatische indexatie verkeersbelastingen vanaf 1 juli 2020",
  },
  {
    href: "https://www.fleet.be/zoveel-zal-de-indexering-van-de-vlaamse-biv-en-verkeersbelasting-u-extra-kosten/",
    title: "Fleet.be: indexering van de Vlaamse BIV en verkeersbelasting (2021)",
  },
  {
    href: "https://steyaertieper.be/nieuws/detail/verkeersbelasting-stijgt-met-897-procent",
    title: "Steyaert-Ieper: verkeersbelasting stijgt met 8,97 procent (2022)",
  },
  {
    href: "https://www.hln.be/economie/dit-verandert-er-vanaf-1-juli-verkeersbelasting-stijgt-met-5-procent-maestro-bankkaarten-verdwijnen-en-minimumpensioenen-gaan-omhoog~a434f6fe/",
    title: "HLN: verkeersbelasting stijgt met 5 procent vanaf 1 juli (2023)",
  },
  {
    href: "https://github.com/Proxem-AI/takscheck",
    title: "takscheck, core/tariffs.json (readings of the official Flemish simulator)",
  },
  {
    href: "https://dataservices.febiac.be/en/taxo/online",
    title: "FEBIAC Taxo online simulator (captured October 2026)",
  },
  {
    href: "https://vlex.be/vid/waalse-overheidsdienst-financien-departement-907243846",
    title: "Waalse Overheidsdienst Financiën: geïndexeerde tarieven verkeersbelasting (BS 2022)",
  },
  {
    href: "https://etaamb.openjustice.be/nl/bericht_n2022041573.html",
    title:
      "Brussels Hoofdstedelijk Gewest: bericht over de indexering van de verkeersbelasting (BS 2022, numac 2022041573)",
  },
  {
    href: "https://link2fleet.be/nieuwe-tarieven-verkeersbelasting-vanaf-1-juli-2023",
    title: "Link2Fleet: nieuwe tarieven verkeersbelasting vanaf 1 juli 2023",
  },
  {
    href: "https://link2fleet.be/nieuwe-tarieven-verkeersbelasting-vanaf-1-juli-2024/",
    title: "Link2Fleet: nieuwe tarieven verkeersbelasting vanaf 1 juli 2024",
  },
  {
    href: "https://github.com/Sysbo/carTaxBE",
    title: "carTaxBE, spreadSheet/tc.json, tmc.json, malus.json (Walloon and Brussels tables)",
  },
  {
    href: "https://www.wallonie.be/fr/decouvrir-la-wallonie/la-wallonie-en-chiffres/fiscalite-wallonne/taxes-vehicules",
    title: "Wallonie.be: fiscalité wallonne, taxes sur les véhicules",
  },
  {
    href: "https://fiduciaire-finacces.be/la-taxe-de-mise-en-circulation-tmc-reforme-en-wallonie",
    title: "Fiduciaire Finacces: la réforme de la TMC en Wallonie",
  },
  {
    href: "https://polinfo.kluwer.be/NewsView.aspx?id=VS300159352&contentdomains=POLINFO&lang=fr",
    title: "Polinfo (Kluwer): éco-malus wallon",
  },
  {
    href: "https://www.lavenir.net/cnt/dmf20140107_00413755",
    title: "L'Avenir: éco-malus et personnes morales (2014)",
  },
  {
    href: "https://levif.be/auto-3/nouvelle-taxe-de-mise-en-circulation-des-juillet-2025-en-wallonie-le-prix-decrypte-avec-15-modeles-de-voitures-infographie",
    title: "Le Vif: nouvelle TMC dès juillet 2025 en Wallonie, 15 modèles décryptés",
  },
  {
    href: "https://www.lavenir.net/actu/belgique/2023/09/07/nouvelle-taxe-de-mise-en-circulation-que-coutera-t-elle-pour-le-top-10-des-voitures-les-plus-vendues-en-belgique-JRMX4ND7XFFMRJQTV3QWMTFUGQ/",
    title: "L'Avenir: nouvelle TMC, ce qu'elle coûtera pour le top 10 des voitures (2023)",
  },
  {
    href: "https://moniteurautomobile.be/actu-auto/budget/nouvelle-fiscalite-wallonne-ancetres-25-30-ans.html",
    title:
      "Moniteur Automobile: nouvelle fiscalité wallonne des ancêtres (TMC forfaitaire 61,50 €; the same flat figure for the 2025 reform per Link2Fleet, April 2025, docs/research/regional.md §3.2)",
  },
  { href: "https://cartax.be/?p=99", title: "cartax.be: réforme wallonne de la TMC, coefficient d'âge" },
  {
    href: "https://link2fleet.com/fr/wallonie-la-reforme-de-la-tmc-fait-un-pas-vers-plus-dequite-et-un-coup-de-pouce-a-lelectrique",
    title: "Link2Fleet: Wallonie, la réforme de la TMC et l'électrique",
  },
  {
    href: "https://vroom.be/fr/information/reforme-tmc-wallonie-familles-nombreuses",
    title: "Vroom.be: réforme TMC Wallonie, familles nombreuses",
  },
  {
    href: "https://leblogauto.com/electrique/les-vehicules-electriques-encore-plus-taxes-en-wallonie-94133",
    title: "Le Blog Auto: les véhicules électriques encore plus taxés en Wallonie",
  },
  {
    href: "https://link2fleet.be/fr/brussels-gewest-verhoogt-haar-biv-tarieven-met-20-vanaf-1-juli-2024",
    title: "Link2Fleet: Brussels Gewest verhoogt haar BIV-tarieven vanaf 1 juli 2024",
  },
  {
    href: "https://www.moore.be/fr/nouvelle/nouvelle-reforme-indexation-de-la-taxe-de-mise-en-circulation-sur-les-vehicules-a-partir",
    title: "Moore: indexation de la taxe de mise en circulation (Bruxelles)",
  },
  {
    href: "https://fleet.be/les-taxes-automobiles-bruxelloises-augmentent-ce-1er-juillet/?lang=fr",
    title: "Fleet.be: les taxes automobiles bruxelloises augmentent ce 1er juillet",
  },
  { href: "https://github.com/CePseudoBE/taxcalc", title: "taxcalc, back/tax_brackets_export.csv" },
  {
    href: "https://greencars.be/nl-be/dossiers-nl/nl-fiscalite/belasting-op-de-inverkeerstelling-brussel-en-wallonie-voor-nieuwe-autos/",
    title: "Greencars: belasting op de inverkeerstelling Brussel en Wallonië voor nieuwe auto's",
  },
  {
    href: "https://www.link2fleet.be/lichte-verhoging-vlaamse-biv-en-verkeersbelasting-maar-wel-berekend-op-wltp-norm/",
    title: "Link2Fleet: lichte verhoging Vlaamse BIV en verkeersbelasting (WLTP)",
  },
  {
    href: "https://www.vlaanderen.be/vrijstelling-voor-pure-elektrische-en-pure-waterstofvoertuigen",
    title: "Vlaanderen.be: vrijstelling voor pure elektrische en pure waterstofvoertuigen",
  },
  { href: "https://www.egear.be/verkeersbelasting-ev-2026/", title: "eGear: verkeersbelasting EV 2026" },
  {
    href: "https://etaamb.openjustice.be/nl/fr/decreet-van-07-september-2023_n2023046826.html",
    title: "Waals decreet van 7 september 2023 (TMC-hervorming), numac 2023046826",
  },
  // Wallonia: the O plate required for the old-car flat amounts from 1 January 2022, issue 30.
  {
    href: "https://etaamb.openjustice.be/fr/nl/decret-du-22-decembre-2021_n2021043653.html",
    title:
      "Décret de la Région wallonne du 22 décembre 2021 contenant le budget des recettes de la Région wallonne pour l'année budgétaire 2022, numac 2021043653",
    officialJournalDate: "2022-01-12",
  },
  {
    href: "https://moniteurautomobile.be/actu-auto/budget/taxes-auto-wallonie-importants-changements-2022.html",
    title:
      "Moniteur Automobile: taxes auto en Wallonie, importants changements en 2022 (décret voté; dès le 1er janvier 2022, sans effet rétroactif, la taxe de circulation forfaitaire de 38,64 € des voitures de 30 ans et plus réservée aux plaques « O »)",
  },
  {
    href: "https://www.behva.be/fiscalite-en-wallonie/",
    title:
      "BEHVA: fiscalité en Wallonie, nouvelle législation à partir du 01.01.2022 (plaque O et taxes: forfait de 38,64 € quel que soit le type d'immatriculation jusqu'en 2021)",
  },
  {
    href: "https://auto-satisfaction.be/2021/11/10/nouvelles-taxes-rien-que-pour-les-wallons/",
    title:
      "Auto-satisfaction: nouvelles taxes rien que pour les Wallons (10 November 2021: from 1 January 2022 only O plates keep the reduced taxes)",
  },
  // CTA art. 98 (LPG reduction, age reduction and minimum of the registration tax), issue 30.
  {
    href: "https://vlex.be/vid/articles-taxes-assimilees-imp-revenus-42722063",
    title:
      "Ordonnance de la Région de Bruxelles-Capitale du 13 juin 2002 modifiant les articles 98 et 100 du Code des taxes assimilées aux impôts sur les revenus (text as published, vLex copy)",
  },
  {
    href: "https://etaamb.openjustice.be/fr/fr/decreet-van-08-juli-2002_n2002027694.html",
    title:
      "Décret de la Région wallonne du 8 juillet 2002 modifiant les articles 98 et 100 du Code des taxes assimilées aux impôts sur les revenus, numac 2002027694",
  },
  // Official texts found by the primary-source research of 25 November 2026
  // (docs/research/primary-sources.md): royal decrees, laws, codex articles, administration notices.
  {
    href: "https://www.socialsecurity.be/employer/instructions/dmfa/nl/2021-4/instructions/fill_in_dmfappl/salarydata/remunerationcode/indemnities_specialcontribution.html",
    title:
      "RSZ administratieve instructies DmfA 2021/4: vergoedingen waarop een bijzondere bijdrage verschuldigd is (VAA-formule, referentie-CO2 2021)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/arrete/2021/12/07/2021022627/moniteur",
    title:
      "Arrêté royal du 7 décembre 2021 modifiant l'AR/CIR 92 (avantages de toute nature, véhicule mis gratuitement à disposition): émission de référence 2022",
    officialJournalDate: "2021-12-13",
  },
  {
    href: "https://finances.belgium.be/sites/default/files/downloads/121-faq-voitures-de-societe-2025.pdf",
    title:
      "SPF Finances: FAQ avantage de toute nature des voitures de société, édition 2025 (émissions de référence par année, minimum indexé par exercice)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/arrete/2024/02/05/2024001028/moniteur",
    title:
      "Arrêté royal du 5 février 2024 modifiant l'AR/CIR 92 (avantages de toute nature, véhicule mis gratuitement à disposition): émission de référence 2024",
    officialJournalDate: "2024-02-08",
  },
  {
    href: "https://etaamb.openjustice.be/fr/nl/arrete-royal-du-08-decembre-2024_n2024011206.html",
    title:
      "Arrêté royal du 8 décembre 2024 modifiant l'AR/CIR 92 (avantages de toute nature, véhicule mis gratuitement à disposition): émission de référence 2025",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/arrete/2025/12/17/2025009788/moniteur",
    title:
      "Arrêté royal du 17 décembre 2025 modifiant l'AR/CIR 92 (avantages de toute nature, véhicule mis gratuitement à disposition): émission de référence 2026",
    officialJournalDate: "2025-12-24",
  },
  {
    href: "https://statbel.fgov.be/en/open-data/consumer-price-index-and-health-index",
    title: "Statbel: consumer price index and health index, all base years (open data)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/loi/1981/06/29/1981001048/justel#Art.38",
    title:
      "Loi du 29 juin 1981 établissant les principes généraux de la sécurité sociale des travailleurs salariés (Justel)",
  },
  {
    href: "https://www.socialsecurity.be/employer/instructions/dmfa/fr/2023-2/intermediates",
    title:
      "ONSS instructions administratives, instructions intermédiaires 2023/2: cotisation de solidarité véhicules de société à partir du 1er juillet 2023 (17/07/2023)",
  },
  {
    href: "https://etaamb.openjustice.be/nl/wet-van-25-november-2021_n2021033910.html",
    title: "Wet van 25 november 2021 houdende fiscale en sociale vergroening van de mobiliteit",
    officialJournalDate: "2021-12-03",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/decreet/2013/12/13/2013036154/justel#Art.2.3.4.1.2",
    title: "Vlaamse Codex Fiscaliteit, art. 2.3.4.1.2 (BIV, NEDC-formule) (Justel)",
  },
  {
    href: "https://codex.vlaanderen.be/Zoeken/Document.aspx?DID=1023499&param=inhoud&AID=1286756",
    title: "Vlaamse Codex Fiscaliteit, art. 2.3.4.1.2/1 (BIV, WLTP-formule)",
  },
  {
    href: "https://codex.vlaanderen.be/Zoeken/Document.aspx?DID=1023499&param=inhoud&AID=1171033",
    title:
      "Vlaamse Codex Fiscaliteit, art. 2.3.4.1.1 (BIV; 61,50 euro voor elektrische en waterstofvoertuigen vanaf 2026)",
  },
  {
    href: "https://codex.vlaanderen.be/Zoeken/Document.aspx?DID=1023499&param=inhoud&AID=1170993",
    title: "Vlaamse Codex Fiscaliteit, art. 2.2.4.0.1 (verkeersbelasting: tabel, groene formule, § 9)",
  },
  {
    href: "https://codex.vlaanderen.be/Zoeken/Document.aspx?DID=1023499&param=inhoud&AID=1171035",
    title: "Vlaamse Codex Fiscaliteit, art. 2.3.4.1.3 (minimum en maximum BIV, 41,99 en 10.497,70 euro)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/decreet/2013/12/13/2013036154/justel#Art.2.3.4.1.4",
    title: "Vlaamse Codex Fiscaliteit, art. 2.3.4.1.4 (indexatie van de BIV-bedragen op 1 juli) (Justel)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/loi/1965/11/23/1965112350/justel#Art.9",
    title:
      "Code des taxes assimilées aux impôts sur les revenus, art. 9 et 11 (taxe de circulation; indexation annuelle) (Justel)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/loi/1965/11/23/1965112350/justel#Art.97",
    title:
      "Code des taxes assimilées aux impôts sur les revenus, art. 97 (taxe de mise en circulation) (Justel)",
  },
  // The articles of the income-tax code and the acts that set the statutory constants (issue 18,
  // docs/research/legal-links.md §3: ELI addresses by the documented pattern, numacs seen).
  {
    href: "https://www.ejustice.just.fgov.be/eli/wet/1992/04/10/1992041050/justel#Art.36",
    title: "Wetboek van de inkomstenbelastingen 1992, art. 36 (Justel; its consolidation stopped in 2002)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/wet/1992/04/10/1992041050/justel#Art.66",
    title: "Wetboek van de inkomstenbelastingen 1992, art. 66 (Justel; its consolidation stopped in 2002)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/wet/1992/04/10/1992041050/justel#Art.198",
    title: "Wetboek van de inkomstenbelastingen 1992, art. 198 (Justel; its consolidation stopped in 2002)",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/loi/2025/12/18/2025009647/moniteur",
    title:
      "Loi du 18 décembre 2025 portant des dispositions diverses (hybrides rechargeables, art. 23-29), numac 2025009647",
    officialJournalDate: "2025-12-30",
  },
  {
    href: "https://www.ejustice.just.fgov.be/eli/decret/2025/05/30/2025004290/moniteur",
    title:
      "Décret wallon du 30 mai 2025 (taxe de mise en circulation: coefficients des véhicules électriques), numac 2025004290",
    officialJournalDate: "2025-06-12",
  },
  {
    href: "https://admin.be.brussels/en/bhg/document/download/7101",
    title: "Bruxelles Fiscalité: fiche fiscale taxe de mise en circulation, index 2026",
  },
];
