import { Form } from "react-router";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

/**
 * Whether a coupon or a promotion is active, and the plain form that switches it: posts
 * `intent` 'activate' or 'deactivate' to the page.
 */
export function ActiveToggle({
  active,
  label,
}: {
  active: boolean;
  label: { active: string; inactive: string };
}) {
  return (
    <>
      <Badge variant={active ? "default" : "secondary"}>{active ? label.active : label.inactive}</Badge>
      <Form method="post">
        <input type="hidden" name="intent" value={active ? "deactivate" : "activate"} />
        <Button type="submit" variant="outline" size="sm">
          {active ? "Desativar" : "Ativar"}
        </Button>
      </Form>
    </>
  );
}
