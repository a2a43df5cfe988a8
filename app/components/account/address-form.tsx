import { useEffect, useState, type FocusEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import { BRAZILIAN_STATES, type Address, type CepAddress } from "../../domain/accounts/address-schema";
import { maskCep } from "../../lib/masks";
import { onlyDigits } from "../../lib/tax-id";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormField, FormMessage, inputClasses } from "../ui/form-field";
import { MaskedField } from "../ui/masked-field";

/** The form's fields: a saved address being edited, or a new one (no id yet). */
export type AddressFormValues = Omit<Address, "id"> & { id?: string };

export interface AddressActionData {
  intent: "create" | "update" | "delete" | "set-default";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
}

const EMPTY: AddressFormValues = {
  cep: "",
  street: "",
  number: "",
  complement: null,
  neighborhood: "",
  city: "",
  state: "",
  isDefault: false,
};

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
  const [found, setFound] = useState<Pick<CepAddress, "street" | "neighborhood" | "city" | "state">>(initial);
  const errors = save.data?.errors ?? {};

  useEffect(() => {
    if (!save.data || save.state !== "idle") return;
    const created = save.data.intent === "create";
    if (save.data.ok) {
      toast.success(created ? "Endereço adicionado com sucesso!" : "Endereço atualizado com sucesso!");
      onClose();
    } else if (!save.data.errors) {
      toast.error(created ? "Erro ao adicionar endereço" : "Erro ao atualizar endereço");
    }
    // One toast per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save.data, save.state]);

  const lookUp = async (event: FocusEvent<HTMLInputElement>) => {
    const cep = onlyDigits(event.currentTarget.value);
    if (cep.length !== 8) return;
    const answer = await fetch(`/api/cep/${cep}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ address: CepAddress | null }>) : null))
      .catch(() => null);
    if (!answer?.address) {
      toast.error("CEP não encontrado");
      return;
    }
    setFound(answer.address);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? "Editar endereço" : "Novo endereço"}
    >
      <save.Form method="post" className="grid gap-3 sm:grid-cols-6" noValidate>
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {address?.id && <input type="hidden" name="id" value={address.id} />}
        <MaskedField
          className="sm:col-span-2"
          label="CEP"
          name="cep"
          mask={maskCep}
          defaultValue={initial.cep}
          inputMode="numeric"
          maxLength={9}
          placeholder="00000-000"
          onBlur={lookUp}
          error={errors.cep}
        />
        <FormField
          key={`street-${found.street}`}
          className="sm:col-span-4"
          label="Rua"
          name="street"
          defaultValue={found.street}
          error={errors.street}
        />
        <FormField
          className="sm:col-span-2"
          label="Número"
          name="number"
          defaultValue={initial.number}
          error={errors.number}
        />
        <FormField
          className="sm:col-span-4"
          label="Complemento (opcional)"
          name="complement"
          defaultValue={initial.complement ?? ""}
          error={errors.complement}
        />
        <FormField
          key={`neighborhood-${found.neighborhood}`}
          className="sm:col-span-6"
          label="Bairro"
          name="neighborhood"
          defaultValue={found.neighborhood}
          error={errors.neighborhood}
        />
        <FormField
          key={`city-${found.city}`}
          className="sm:col-span-4"
          label="Cidade"
          name="city"
          defaultValue={found.city}
          error={errors.city}
        />
        {/* Two of six columns: in one, the arrow left room for a single letter of the UF. */}
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor="address-state" className="text-sm font-medium text-slate-700">
            UF
          </label>
          <select
            key={`state-${found.state}`}
            id="address-state"
            name="state"
            defaultValue={found.state}
            aria-invalid={errors.state ? true : undefined}
            className={inputClasses}
          >
            <option value="">--</option>
            {BRAZILIAN_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
          <FormMessage message={errors.state} />
        </div>
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
