import { describe, expect, it } from "vitest";
import { viewColumnSources } from "./view-columns.ts";

// Shortened from a real pg_rewrite.ev_action of `create view v as select c.id, c.slug as s, now() from channels c`.
const TREE =
  "({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 :rtable ({RANGETBLENTRY :alias {ALIAS :aliasname c :colnames <>} :rtekind 0 :relid 16390 :subquery <>}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>} :targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1 :vartype 20} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 16390 :resorigcol 1 :resjunk false} {TARGETENTRY :expr {VAR :varno 1 :varattno 2 :vartype 25} :resno 2 :resname s :ressortgroupref 0 :resorigtbl 16390 :resorigcol 2 :resjunk false} {TARGETENTRY :expr {FUNCEXPR :funcid 1299 :args <>} :resno 3 :resname now :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}) :override 0})";

describe("view column tracing", () => {
  it("maps top-level target entries to their source table columns and skips computed ones", () => {
    expect(viewColumnSources(TREE)).toEqual([
      { resno: 1, table: 16390, column: 1 },
      { resno: 2, table: 16390, column: 2 },
    ]);
  });

  it("answers nothing for a tree without a target list", () => {
    expect(viewColumnSources("({QUERY :commandType 1})")).toEqual([]);
  });
});
