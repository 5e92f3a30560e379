// Engine tests: every literal record of inputs is checked against the inputs recorded one by one.
import { checkLiteralRecords } from "../core/result-builder";

checkLiteralRecords(true);
