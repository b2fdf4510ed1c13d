import type { Plugin } from "vite";

type ModuleGraph = {
  imports: (id: string) => readonly string[];
  lazyRoots: readonly string[];
  entries: readonly string[];
};
type Group = { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: boolean };

/** The lazy chunks a conversation's first screen loads: the workspace frame and the conversation page. */
const conversationRoots = [
  /[\\/]app[\\/]layouts[\\/]workspace-frame\.tsx$/,
  /[\\/]channels[\\/]routes[\\/]channel-page\.tsx$/,
];
/** A conversation's own parts that load later (a thread, the inline editor, the header search, mentions on send): one sharer with its page. */
const conversationParts =
  /[\\/]channels[\\/](components[\\/](thread-pane|edit-message-form|conversation-search)\.tsx|mentions[\\/]mention-tokens\.ts)$/;
/** The signed-out screens: what they share stays out of the group, so they never fetch it. */
const authRoots = /[\\/]features[\\/]auth[\\/]/;
/** The app's own modules, and lucide's icons (imported one module per icon, `lucide-react/icons/…`). */
const groupable = /[\\/]web[\\/]src[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** Every module `from` reaches through static imports, `from` included. */
function reachable(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>([from]);
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of graph.imports(id)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/**
 * Modules that two or more lazy chunks share and a conversation's first screen needs (reached from
 * the workspace frame or the conversation page, not from the entry). Left to itself, the bundler
 * makes one small chunk per set of sharers: a conversation fetched 27 of them. Those the signed-out
 * screens use too (the alert and a few icons) go into a chunk of their own, `first-screens-shared`,
 * which both the sign-in form and a conversation fetch: one file where each fetched up to seven
 * (the sign-in form also gets a few icons it does not show: 0.14 KiB gz).
 */
function sharedByConversation(graph: ModuleGraph): { workspace: Set<string>; firstScreens: Set<string> } {
  const inEntry = new Set(graph.entries.flatMap((entry) => [...reachable(graph, entry)]));
  const reachedFrom = (roots: readonly string[]) => new Set(roots.flatMap((root) => [...reachable(graph, root)]));
  const forAuth = reachedFrom(graph.lazyRoots.filter((root) => authRoots.test(root)));
  const sharers = new Map<string, Set<string>>();
  for (const root of graph.lazyRoots) {
    const sharer = conversationParts.test(root) || conversationRoots[1]?.test(root) ? "conversation" : root;
    for (const id of reachable(graph, root))
      if (!inEntry.has(id)) sharers.set(id, (sharers.get(id) ?? new Set()).add(sharer));
  }
  const forConversation = reachedFrom(
    graph.lazyRoots.filter((root) => conversationRoots.some((pattern) => pattern.test(root))),
  );
  const shared = [...sharers].filter(([id, by]) => by.size >= 2 && groupable.test(id) && forConversation.has(id));
  return {
    workspace: new Set(shared.filter(([id]) => !forAuth.has(id)).map(([id]) => id)),
    firstScreens: new Set(shared.filter(([id]) => forAuth.has(id)).map(([id]) => id)),
  };
}

/**
 * Rolldown `codeSplitting` groups that put the modules `sharedByConversation` finds into two
 * chunks, `workspace-shared` and `first-screens-shared`, and the plugin that reads the module
 * graph for them once the build has it. Their dependencies are not pulled in (they are in the group already, in the entry, or in
 * a vendor chunk), or the entry's own modules would move into the group.
 */
export function workspaceSharedChunk(): { plugin: Plugin; groups: Group[] } {
  let shared = { workspace: new Set<string>(), firstScreens: new Set<string>() };
  const plugin: Plugin = {
    name: "parley:workspace-shared-chunk",
    apply: "build",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const infos = new Map(ids.map((id) => [id, this.getModuleInfo(id)]));
      shared = sharedByConversation({
        imports: (id) => infos.get(id)?.importedIds ?? [],
        lazyRoots: [...new Set(ids.flatMap((id) => infos.get(id)?.dynamicallyImportedIds ?? []))],
        entries: ids.filter((id) => infos.get(id)?.isEntry),
      });
    },
  };
  const group = (name: string, members: () => Set<string>) => ({
    name,
    test: (id: string) => members().has(id),
    priority: 0,
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    groups: [
      group("workspace-shared", () => shared.workspace),
      group("first-screens-shared", () => shared.firstScreens),
    ],
  };
}
