/**
 * Wallonia: a car registered (put into use) from 1 January 2022 gets the flat amounts of cars over
 * 30 years (road tax, registration tax, no eco-malus) only under an O plate; a car registered before
 * keeps them without one (decree of 22 December 2021, no retroactive effect).
 */
import type { IsoDate } from "../../core/iso-date";
import { constantRow } from "../../law/parameters";

export const WALLOON_OLDTIMER_PLATE_FROM = constantRow<IsoDate>("wallonia.oldtimerPlateFrom");
