import { useEffect, useRef, type ReactNode } from "react";

type EnrolmentShellProps = {
  title: string;
  /** The step the setup is at; each time it changes the heading takes focus, so the new step is read from its top. */
  step: unknown;
  children: ReactNode;
};

/** The frame of adding a second factor (app or phone): the titled panel whose heading follows the steps. */
export function EnrolmentShell({ title, step, children }: EnrolmentShellProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  return (
    <div className="mfa-enrolment">
      <h3 ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </div>
  );
}
