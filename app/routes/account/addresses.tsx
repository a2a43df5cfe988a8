import { MapPin, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "../../components/toasts";
import { z } from "../../lib/zod";
import type { Route } from "./+types/addresses";
import { pageTitle, storeDescription } from "../../lib/seo";
import {
  AddressFormDialog,
  type AddressActionData,
  type AddressFormValues,
} from "../../components/account/address-form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { fieldErrors } from "../../domain/accounts/account-schemas";
import { addressSchema } from "../../domain/accounts/address-schema";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../domain/accounts/addresses.server";
import { maskCep } from "../../lib/masks";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  return { addresses: await listAddresses(context.db, user.id) };
}

// A missing or malformed id names no address: the domain answers "Endereço não encontrado".
const addressId = z.object({ id: z.string().catch("") });

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent;
  switch (intent) {
    case "create":
    case "update": {
      const input = addressSchema.safeParse(form);
      if (!input.success)
        return { intent, ok: false, errors: fieldErrors(input.error) } satisfies AddressActionData;
      const outcome =
        intent === "create"
          ? await createAddress(context.db, user.id, input.data)
          : await updateAddress(context.db, user.id, addressId.parse(form).id, input.data);
      return {
        intent,
        ok: outcome.ok,
        message: outcome.ok ? undefined : outcome.message,
      } satisfies AddressActionData;
    }
    case "delete":
    case "set-default": {
      const { id } = addressId.parse(form);
      const outcome =
        intent === "delete"
          ? await deleteAddress(context.db, user.id, id)
          : await setDefaultAddress(context.db, user.id, id);
      return {
        intent,
        ok: outcome.ok,
        message: outcome.ok ? undefined : outcome.message,
      } satisfies AddressActionData;
    }
    default:
      throw data("Ação desconhecida", { status: 400 });
  }
}

export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const [editing, setEditing] = useState<AddressFormValues | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const change = useFetcher<AddressActionData>({ key: "address-change" });

  useEffect(() => {
    if (!change.data) return;
    if (change.data.intent === "delete") {
      if (change.data.ok) toast.success("Endereço removido com sucesso!");
      else toast.error("Erro ao remover endereço");
    } else if (change.data.ok) {
      toast.success("Endereço atualizado com sucesso!");
    } else {
      toast.error("Erro ao atualizar endereço");
    }
  }, [change.data]);

  const openForm = (address: AddressFormValues | null) => {
    setEditing(address);
    setFormOpen(true);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Endereços</h1>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden className="size-4" />
          Novo endereço
        </Button>
      </div>
      {addresses.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <MapPin aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-4 font-medium">Nenhum endereço cadastrado</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              aria-label={`${address.street}, ${address.number}`}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 p-5"
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium">
                  {address.street}, {address.number}
                  {address.complement ? ` - ${address.complement}` : ""}
                </p>
                {address.isDefault && <Badge>Padrão</Badge>}
              </div>
              <p className="text-sm text-slate-600">
                {address.neighborhood} · {address.city}/{address.state}
              </p>
              <p className="text-sm text-slate-600">CEP {maskCep(address.cep)}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => openForm(address)}>
                  Editar
                </Button>
                {!address.isDefault && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      change.submit({ intent: "set-default", id: address.id }, { method: "post" })
                    }
                  >
                    Tornar padrão
                  </Button>
                )}
                <Button size="sm" variant="destructive" onClick={() => setRemoving(address.id)}>
                  Excluir
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {formOpen && <AddressFormDialog address={editing} open onClose={() => setFormOpen(false)} />}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Excluir endereço"
        description="Tem certeza que deseja excluir este endereço?"
      >
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => setRemoving(null)}>
            Cancelar
          </Button>
          <Button
            variant="destructive"
            className="flex-1"
            onClick={() => {
              change.submit({ intent: "delete", id: removing! }, { method: "post" });
              setRemoving(null);
            }}
          >
            Excluir
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Endereços"),
  ...storeDescription(matches),
];
