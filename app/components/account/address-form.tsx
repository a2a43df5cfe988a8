import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import type { Address } from "../../domain/accounts/address-schema";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { AddressFields, EMPTY_ADDRESS_FIELDS } from "./address-fields";

/** The form's fields: a saved address being edited, or a new one (no id yet). */
export type AddressFormValues = Omit<Address, "id"> & { id?: string };

export interface AddressActionData {
  intent: "create" | "update" | "delete" | "set-default";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
}

/** What the address book says of a new address saved, or refused without a field to blame. */
export const NEW_ADDRESS_MESSAGES = {
  added: "Endereço adicionado com sucesso!",
  failed: "Erro ao adicionar endereço",
};

const EMPTY: AddressFormValues = { ...EMPTY_ADDRESS_FIELDS, isDefault: false };

/** Add or edit an address; the CEP, once complete, fills street, neighbourhood, city and UF. */
export function AddressFormDialog({
  address,
  open,
  onClose,
}: {
  address: AddressFormValues | null;
  open: boolean;
  onClose: () => void;
}) {
  const editing = Boolean(address?.id);
  const save = useFetcher<AddressActionData>({ key: "address-save" });
  const initial = address ?? EMPTY;
  const errors = save.data?.errors ?? {};

  useEffect(() => {
    if (!save.data || save.state !== "idle") return;
    const created = save.data.intent === "create";
    if (save.data.ok) {
      toast.success(created ? NEW_ADDRESS_MESSAGES.added : "Endereço atualizado com sucesso!");
      onClose();
    } else if (!save.data.errors) {
      toast.error(created ? NEW_ADDRESS_MESSAGES.failed : "Erro ao atualizar endereço");
    }
    // One toast per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save.data, save.state]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? "Editar endereço" : "Novo endereço"}
    >
      <save.Form method="post" className="grid gap-3 sm:grid-cols-6" noValidate>
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {address?.id && <input type="hidden" name="id" value={address.id} />}
        <AddressFields initial={initial} errors={errors} />
        <label className="flex items-center gap-2 text-sm sm:col-span-6">
          <input
            type="checkbox"
            name="isDefault"
            defaultChecked={initial.isDefault}
            className="accent-brand-600"
          />
          Definir como endereço padrão
        </label>
        <div className="flex gap-2 sm:col-span-6">
          <Button variant="outline" className="flex-1" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" className="flex-1" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? "Salvando..." : "Salvar endereço"}
          </Button>
        </div>
      </save.Form>
    </Dialog>
  );
}
