import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every export of the package's entry point (what `pnpm docs` documents) has a doc comment.
describe("the public API is documented", () => {
  it("has a doc comment on every export of src/index.ts", () => {
    const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/index.ts");
    const program = ts.createProgram([entry], {
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(entry);
    if (!source) throw new Error("no entry point");
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error("no module symbol");
    const undocumented: string[] = [];
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const documented = (symbol.declarations ?? []).some((declaration) => {
        const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
        return (
          ts.getJSDocCommentsAndTags(node).length > 0 || symbol.getDocumentationComment(checker).length > 0
        );
      });
      if (!documented) undocumented.push(exported.getName());
    }
    expect(undocumented.sort()).toEqual([]);
  });
});
