import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { createRouteTable, type RouteEntry } from "../../server/route-table";

/** The routes of `routes.ts` as the server build lists them, under the root route. */
export function routeEntriesOfConfig(): RouteEntry[] {
  const entriesOf = (children: RouteConfigEntry[], parentId: string): RouteEntry[] =>
    children.flatMap((entry) => {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      return [
        { id, parentId, path: entry.path, index: entry.index, page: entry.file.endsWith(".tsx") },
        ...entriesOf(entry.children ?? [], id),
      ];
    });
  return [{ id: "root", path: "", page: true }, ...entriesOf(routes, "root")];
}

/** The shell's route table for `routes.ts`, without a build. */
export const routeTableOfConfig = () => createRouteTable(routeEntriesOfConfig());
