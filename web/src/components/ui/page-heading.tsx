import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { shouldFocusPageHeading } from "../../lib/focus-on-navigation";
import "./page-heading.css";

/**
 * A page's one `<h1>`. After a route change it takes focus, so keyboard and screen-reader users
 * land on the new page's title instead of staying on a link that may no longer exist.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (shouldFocusPageHeading(location)) heading.current?.focus();
  }, [location]);

  return (
    <h1 ref={heading} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
