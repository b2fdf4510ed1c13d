import { lazy, Suspense } from "react";

const UserMenuBody = lazy(async () => ({ default: (await import("./user-menu")).UserMenu }));

/**
 * The signed-in person's menu (see `UserMenu`), loaded once someone is signed in: a signed-out
 * page (sign-in, the welcome page) does not download it.
 */
export function UserMenu() {
  return (
    <Suspense fallback={null}>
      <UserMenuBody />
    </Suspense>
  );
}
