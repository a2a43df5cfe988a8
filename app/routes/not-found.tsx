import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "../components/not-found-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.logger.warn({ path: pathname }, "Página não encontrada");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Página não encontrada | Vitrine" },
  { name: "robots", content: "noindex" },
];
