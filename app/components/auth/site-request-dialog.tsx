import { useState, type FormEvent } from "react";
import { toast } from "../toasts";
import { whatsappLink } from "../../lib/whatsapp";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormField, FormMessage, inputClasses } from "../ui/form-field";

/** 'Não tem um site? Solicite um conosco!': a request that continues on WhatsApp. */
export function SiteRequestDialog({
  open,
  onOpenChange,
  whatsappNumber,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  whatsappNumber: string;
}) {
  const [error, setError] = useState<string>();
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [name, email, message] = ["name", "email", "message"].map((field) =>
      String(form.get(field) ?? "").trim(),
    );
    if (!name || !email || !message) {
      setError("Por favor, preencha todos os campos");
      toast.error("Por favor, preencha todos os campos");
      return;
    }
    const text = `Olá! Gostaria de solicitar um site para minha empresa.\nNome: ${name}\nE-mail: ${email}\nMensagem: ${message}`;
    window.open(whatsappLink(whatsappNumber, text), "_blank", "noopener,noreferrer");
    toast.success("Redirecionando para o WhatsApp...");
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Solicite um site"
      description="Conte o que sua empresa precisa e continuamos a conversa pelo WhatsApp."
    >
      <form onSubmit={send} noValidate className="flex flex-col gap-3">
        <FormField label="Nome" name="name" autoComplete="name" />
        <FormField label="E-mail" name="email" type="email" autoComplete="email" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="site-request-message" className="text-sm font-medium text-slate-700">
            Mensagem
          </label>
          <textarea
            id="site-request-message"
            name="message"
            rows={3}
            className={`${inputClasses} h-auto py-2`}
          />
        </div>
        <FormMessage message={error} />
        <Button type="submit">Enviar pelo WhatsApp</Button>
      </form>
    </Dialog>
  );
}
