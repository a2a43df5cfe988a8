import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageTitle } from "../lib/seo";
import { NotFoundPage } from "../components/not-found-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.logger.warn({ path: pathname }, "Página não encontrada");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Página não encontrada"),
  { name: "robots", content: "noindex" },
];
