import { Component, type ErrorInfo, type ReactNode } from "react";
import { RouteErrorPage } from "../pages/route-error-page";

interface RouteErrorBoundaryProps {
  /** The page's path: moving to another page clears the error, as it did with the data router. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  pathname: string;
}

/** Shows the route error page for a page that failed to load (its chunk, its guard) or to render. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
