import { sharedVitestConfig } from "../../vitest.shared";

export default sharedVitestConfig;
