import { useOutletContext } from "react-router";

/** The open workspace and who is looking at it, handed by the workspace shell to its pages. */
export type CurrentWorkspace = { id: string; name: string; slug: string; userId: string };

/**
 * The workspace the shell (`/:locale/w/:slug`) has loaded, for pages rendered inside it.
 *
 * @example const { id, slug } = useCurrentWorkspace();
 */
export function useCurrentWorkspace(): CurrentWorkspace {
  return useOutletContext<CurrentWorkspace>();
}
