import { useActionData, useSearchParams } from "react-router";
import {
  BLING_RETURNS,
  type BlingOptions,
  type BlingReturn,
} from "../../../domain/fiscal/bling/bling-settings";
import { formatDateTime } from "../../../lib/dates";
import { Button } from "../../ui/button";
import { FormField, FormMessage } from "../../ui/form-field";
import type { SettingsActionData } from "./settings-action-data";
import { SettingsForm, SettingsSection } from "./settings-form";

interface BlingSettingsProps {
  /** The saved application's client id; null before the owner saves one. */
  clientId: string | null;
  connectedAt: Date | string | null;
  options: BlingOptions;
  /** The address the owner registers as the Bling application's redirect link. */
  returnUrl: string;
  /** The address the owner registers for the application's webhooks. */
  webhookUrl: string;
}

/**
 * 'Nota fiscal (Bling)': the owner's Bling application, then 'Conectar ao Bling', which leaves
 * for Bling's authorisation page and comes back here saying how it went. No secret or token is
 * ever sent to the page.
 */
export function BlingSettings({ clientId, connectedAt, options, returnUrl, webhookUrl }: BlingSettingsProps) {
  const [params] = useSearchParams();
  const returned = params.get("bling");
  const back = returned !== null && Object.hasOwn(BLING_RETURNS, returned) ? (returned as BlingReturn) : null;
  const posted = useActionData<SettingsActionData>();
  const connectRefusal = posted?.intent === "bling-connect" ? posted.errors?.bling : undefined;

  return (
    <div id="bling">
      <SettingsSection
        title="Nota fiscal (Bling)"
        description={
          <>
            Os pedidos pagos vão para o Bling, que emite a NF-e. Crie um aplicativo privado no Bling com o
            link de redirecionamento <code className="break-all">{returnUrl}</code> e cole aqui o Client ID e
            o Client Secret dele. Para a nota fiscal chegar aos clientes assim que for autorizada, cadastre
            também o webhook <code className="break-all">{webhookUrl}</code> (pedidos de venda e notas
            fiscais).
          </>
        }
      >
        {back && (
          <p
            role="status"
            className={back === "conectado" ? "text-sm text-green-700" : "text-sm text-red-600"}
          >
            {BLING_RETURNS[back]}
          </p>
        )}
        <p className="text-sm font-medium">
          {connectedAt
            ? `Conectado ao Bling desde ${formatDateTime(connectedAt)}.`
            : clientId
              ? "Aplicativo salvo; a loja ainda não está conectada ao Bling."
              : "A loja não está conectada ao Bling."}
        </p>
        {clientId && !connectedAt && (
          // A plain form: the browser follows the answer to Bling's authorisation page.
          <form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="bling-connect" />
            <FormMessage message={connectRefusal} />
            <div>
              <Button type="submit">Conectar ao Bling</Button>
            </div>
          </form>
        )}
        {connectedAt && (
          <SettingsForm intent="bling-disconnect" submitLabel="Desconectar" submitVariant="outline" />
        )}
        {clientId && <BlingOptionsForm options={options} />}
        <SettingsForm
          intent="bling-app"
          submitLabel={clientId ? "Trocar aplicativo" : "Salvar aplicativo"}
          submitVariant={clientId ? "outline" : "default"}
          className="grid gap-4 sm:grid-cols-2"
        >
          {({ errors }) => (
            <>
              <FormField
                label="Client ID"
                name="clientId"
                defaultValue={clientId ?? ""}
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                error={errors.clientId}
                required
              />
              <FormField
                label="Client Secret"
                name="clientSecret"
                type="password"
                autoComplete="new-password"
                placeholder={clientId ? "Salvo: digite de novo para trocar" : undefined}
                maxLength={200}
                error={errors.clientSecret}
                required
              />
            </>
          )}
        </SettingsForm>
      </SettingsSection>
    </div>
  );
}

const BLING_ID_FIELDS = [
  ["pixPaymentFormId", "Forma de pagamento do PIX no Bling (ID)"],
  ["cardPaymentFormId", "Forma de pagamento do cartão no Bling (ID)"],
  ["boletoPaymentFormId", "Forma de pagamento do boleto no Bling (ID)"],
  ["cancelledSituationId", "Situação 'Cancelado' dos pedidos de venda no Bling (ID)"],
] as const;

/**
 * Bling's ids of the owner's forms of payment and of the situation a sale undone moves to, and
 * whether Bling issues each order's NF-e.
 */
function BlingOptionsForm({ options }: { options: BlingOptions }) {
  return (
    <SettingsForm
      intent="bling-options"
      submitLabel="Salvar opções do Bling"
      className="grid gap-4 sm:grid-cols-3"
    >
      {({ errors, value }) => (
        <>
          {BLING_ID_FIELDS.map(([name, label]) => (
            <FormField
              key={name}
              label={label}
              name={name}
              inputMode="numeric"
              defaultValue={value(name, options[name]?.toString() ?? "")}
              error={errors[name]}
            />
          ))}
          <label className="flex items-center gap-2 text-sm sm:col-span-3">
            <input
              type="checkbox"
              name="issueInvoices"
              defaultChecked={options.issueInvoices}
              className="size-4 accent-brand-600"
            />
            Pedir ao Bling que gere e transmita a NF-e de cada pedido enviado
          </label>
          <FormMessage message={errors.bling} />
        </>
      )}
    </SettingsForm>
  );
}
