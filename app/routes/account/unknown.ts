import { redirect } from "react-router";

/** Unknown account sub-routes go to the overview (spec section 2). */
export function loader() {
  return redirect("/account");
}
