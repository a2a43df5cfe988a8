import { useState, type FormEvent } from "react";
import { websiteField } from "../../domain/accounts/account-schemas";
import { whatsappLink } from "../../lib/whatsapp";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormField } from "../ui/form-field";

/**
 * 'Site da Empresa Obrigatório': a company signing up without a website is held here until it
 * gives one; then the pending sign-up continues with it.
 */
export function CompanyWebsiteDialog({
  open,
  onCancel,
  onConfirm,
  onRequestSite,
  whatsappNumber,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: (website: string) => void;
  onRequestSite: () => void;
  whatsappNumber: string;
}) {
  const [error, setError] = useState<string>();
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = websiteField.safeParse(new FormData(event.currentTarget).get("website") ?? "");
    if (!result.success) return setError(result.error.issues[0]!.message);
    setError(undefined);
    onConfirm(result.data);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Site da Empresa Obrigatório"
      description="Para concluir o cadastro de Pessoa Jurídica, informe o site da sua empresa."
    >
      <form onSubmit={confirm} noValidate className="flex flex-col gap-3">
        <FormField
          label="Site da empresa"
          name="website"
          placeholder="https://suaempresa.com.br"
          error={error}
        />
        <Button type="submit">Continuar cadastro</Button>
        <button
          type="button"
          onClick={onRequestSite}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Não tem um site? Solicite um conosco!
        </button>
        <a
          href={whatsappLink(whatsappNumber, "Olá! Preciso de ajuda com o cadastro da minha empresa.")}
          target="_blank"
          rel="noopener noreferrer"
          className="text-center text-sm text-slate-600 hover:text-brand-700"
        >
          Precisa de ajuda? Fale conosco no WhatsApp
        </a>
      </form>
    </Dialog>
  );
}
