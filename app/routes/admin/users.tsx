import { useEffect } from "react";
import { data, Form, useFetcher } from "react-router";
import { toast } from "../../components/toasts";
import { z } from "../../lib/zod";
import type { Route } from "./+types/users";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { Button } from "../../components/ui/button";
import { inputClasses } from "../../components/ui/form-field";
import { Pagination, usePageHref } from "../../components/ui/pagination";
import { changeUserRole, listUsers, ROLE_MESSAGES } from "../../domain/admin/admin-users.server";
import { readListingQuery } from "../../domain/admin/listing";
import { formatDate } from "../../lib/dates";
import { maskPhone, maskTaxId } from "../../lib/masks";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const query = readListingQuery(new URL(request.url).searchParams);
  const listing = await listUsers(context.db, query);
  return {
    ...listing,
    q: query.q,
    users: listing.users.map((user) => ({ ...user, registeredOn: formatDate(user.createdAt) })),
  };
}

const roleChangeSchema = z.object({ userId: z.string().min(1).max(100), role: z.enum(["user", "admin"]) });

interface RoleActionData {
  ok: boolean;
  message: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const input = roleChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) {
    return data<RoleActionData>({ ok: false, message: ROLE_MESSAGES.failed }, { status: 400 });
  }
  const outcome = await changeUserRole(context.db, { id: user.id, email: user.email }, input.data);
  return data<RoleActionData>(outcome, { status: outcome.ok ? 200 : 409 });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, matching, page, pageCount, q } = loaderData;
  const hrefFor = usePageHref();

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold">Usuários</h2>
        <Form method="get" action="/admin/users" role="search" className="flex gap-2">
          <label htmlFor="users-search" className="sr-only">
            Buscar por nome, e-mail, CPF ou CNPJ
          </label>
          <input
            id="users-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Buscar por nome, e-mail, CPF ou CNPJ"
            className={inputClasses}
          />
          <Button type="submit" variant="outline">
            Buscar
          </Button>
        </Form>
      </div>
      <p className="text-sm text-slate-600">
        {matching} {matching === 1 ? "usuário" : "usuários"}
      </p>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
          Nenhum usuário encontrado
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">Nome</th>
                <th className="px-3 py-2 font-medium">E-mail</th>
                <th className="px-3 py-2 font-medium">Telefone</th>
                <th className="px-3 py-2 font-medium">Tipo</th>
                <th className="px-3 py-2 font-medium">Cadastro</th>
                <th className="px-3 py-2 font-medium">Permissão</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </section>
  );
}

type ListedUser = Route.ComponentProps["loaderData"]["users"][number];

function UserRow({ user }: { user: ListedUser }) {
  const change = useFetcher<RoleActionData>();
  useEffect(() => {
    if (!change.data) return;
    if (change.data.ok) toast.success(change.data.message);
    else toast.error(change.data.message);
  }, [change.data]);
  const selectId = `role-${user.id}`;
  return (
    <tr className="border-t border-slate-100">
      <td className="px-3 py-2">{user.name}</td>
      <td className="px-3 py-2">{user.email}</td>
      <td className="px-3 py-2 whitespace-nowrap">{user.phone ? maskPhone(user.phone) : "—"}</td>
      <td className="px-3 py-2">
        {user.taxpayer === "PF" ? "Pessoa Física" : user.taxpayer === "PJ" ? "Pessoa Jurídica" : "—"}
        {user.taxId ? (
          <span className="block text-xs whitespace-nowrap text-slate-600">{maskTaxId(user.taxId)}</span>
        ) : null}
      </td>
      <td className="px-3 py-2">{user.registeredOn}</td>
      <td className="px-3 py-2">
        <label htmlFor={selectId} className="sr-only">
          Permissão de {user.name}
        </label>
        <select
          id={selectId}
          value={user.role}
          disabled={change.state !== "idle"}
          onChange={(event) =>
            void change.submit({ userId: user.id, role: event.target.value }, { method: "post" })
          }
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="user">Usuário</option>
          <option value="admin">Admin</option>
        </select>
      </td>
    </tr>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
