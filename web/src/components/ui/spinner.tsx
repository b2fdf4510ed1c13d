import LoaderCircle from "lucide-react/icons/loader-circle";
import "./spinner.css";

/** A decorative progress indicator; pair it with text that says what is in progress. */
export function Spinner({ size = 20 }: { size?: number }) {
  return <LoaderCircle className="spinner" size={size} aria-hidden="true" />;
}
