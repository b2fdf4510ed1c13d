import { useCallback, useSyncExternalStore } from "react";
import {
  readMessageDensity,
  saveMessageDensity,
  subscribeToMessageDensity,
  type MessageDensity,
} from "./message-density";

/**
 * The signed-in person's message density (the timeline's compact mode) and a way to change it.
 * @example const { density } = useMessageDensity(me); <div data-density={density}>…</div>
 */
export function useMessageDensity(userId: string): {
  density: MessageDensity;
  setDensity: (density: MessageDensity) => void;
} {
  const density = useSyncExternalStore(subscribeToMessageDensity, () => readMessageDensity(userId));
  const setDensity = useCallback((next: MessageDensity) => saveMessageDensity(userId, next), [userId]);
  return { density, setDensity };
}
