import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

/** A form's submit button: shows progress and ignores clicks while the request runs. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" pending={pending} className="button--block">
      {pending && <Spinner size={18} />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
