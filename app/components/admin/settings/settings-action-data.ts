import type { SettingsForm } from "../../../domain/store-settings/settings-forms";

/** Each form of 'Configurações da loja' posts one of these. */
export type SettingsIntent =
  | SettingsForm
  | "logo"
  | "logo-remove"
  | "banner"
  | "banner-remove"
  | "bling-app"
  | "bling-connect"
  | "bling-options"
  | "bling-disconnect";

/** What the settings page's action answers to one of its forms. */
export interface SettingsActionData {
  intent: SettingsIntent;
  ok: boolean;
  /** Messages by field name, shown at the field; nothing was saved. */
  errors?: Record<string, string>;
  /**
   * The texts posted with a refusal: a form posted before scripts arrived is drawn again from
   * the page, and shows them instead of the saved values.
   */
  values?: Record<string, string>;
}

export const SETTINGS_TOASTS: Record<SettingsIntent, string> = {
  identity: "Identidade da loja salva!",
  logo: "Logo salvo!",
  "logo-remove": "Logo removido: a loja mostra o nome no lugar.",
  legal: "Dados legais salvos!",
  contacts: "Contatos e links salvos!",
  home: "Página inicial salva!",
  banner: "Banner salvo!",
  "banner-remove": "Banner removido!",
  policies: "Políticas salvas!",
  delivery: "Prazo de entrega salvo!",
  payment: "Preços e parcelamento salvos!",
  promises: "Garantia e devolução salvas!",
  reviews: "Avaliações salvas!",
  reminders: "Lembretes salvos!",
  freight: "Frete salvo!",
  "bling-app": "Aplicativo do Bling salvo: conecte a loja a ele.",
  "bling-connect": "Levando você ao Bling...",
  "bling-options": "Opções do Bling salvas!",
  "bling-disconnect": "Loja desconectada do Bling.",
};

export const SETTINGS_FAILURE_TOAST = "Não foi possível salvar: corrija os campos indicados";
