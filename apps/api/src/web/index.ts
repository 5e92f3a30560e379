import type { Api } from "../openapi/api";
import { docsAssetRoutes, registerGetDocs } from "./docs/docs-page";
import { registerGetHome } from "./docs/home-page";
import { registerGetProblemPage } from "./problem-pages/problem-pages";
import { registerRuleBook } from "./rule-book/rule-book-routes";
import { registerSimulator } from "./simulator/simulator-routes";

export { registerGetPublicPage } from "./public-link-page";

/**
 * The pages people read, each in its own folder on `web/kit/`: the reference (/docs) and home
 * page, the problem pages, the rule book (/rules) and the simulator. The public page of a link is
 * registered on its own (registerGetPublicPage) beside the link's operation, so that the OpenAPI
 * document lists the paths in the order it always has.
 */
export function registerWebPages(api: Api): void {
  registerGetDocs(api);
  registerGetHome(api);
  api.route("/docs", docsAssetRoutes());
  registerGetProblemPage(api);
  registerRuleBook(api);
  registerSimulator(api);
}
