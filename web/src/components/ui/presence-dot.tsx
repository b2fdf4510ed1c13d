import "./presence-dot.css";

/**
 * A presence marker: a filled dot when online, a ring when not (shape, not only colour). The
 * status is read from `label` (visually hidden); leave it out where the status is written beside it.
 */
export function PresenceDot({ online, label }: { online: boolean; label?: string }) {
  return (
    <>
      <span className={`presence-dot${online ? " presence-dot--online" : ""}`} aria-hidden="true" />
      {label && <span className="visually-hidden">{label}</span>}
    </>
  );
}
