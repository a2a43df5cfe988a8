import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { SettingsForm, SettingsSection } from "./settings-form";

type Contacts = StoreSettings["contacts"];
type LinkField = Exclude<keyof Contacts, "whatsappNumber" | "supportEmail">;

const SOCIAL_LINKS: readonly { name: LinkField; label: string }[] = [
  { name: "instagramUrl", label: "Instagram" },
  { name: "facebookUrl", label: "Facebook" },
  { name: "youtubeUrl", label: "YouTube" },
  { name: "tiktokUrl", label: "TikTok" },
];

const MARKETPLACE_LINKS: readonly { name: LinkField; label: string }[] = [
  { name: "mercadoLivreUrl", label: "Mercado Livre" },
  { name: "amazonUrl", label: "Amazon" },
  { name: "shopeeUrl", label: "Shopee" },
  { name: "magaluUrl", label: "Magalu" },
];

export function ContactsSettings({ contacts }: { contacts: Contacts }) {
  return (
    <SettingsSection
      title="Contatos e links"
      description="Os links vazios não aparecem no rodapé; os cartões dos marketplaces continuam na página Revendedor Oficial e levam ao link quando ele existe."
    >
      <SettingsForm
        intent="contacts"
        submitLabel="Salvar contatos e links"
        className="grid gap-4 sm:grid-cols-2"
      >
        {({ errors, value }) => (
          <>
            <FormField
              label="WhatsApp"
              name="whatsappNumber"
              inputMode="tel"
              placeholder="+55 11 99999-9999"
              defaultValue={value("whatsappNumber", contacts.whatsappNumber)}
              error={errors.whatsappNumber}
              required
            />
            <FormField
              label="E-mail de atendimento"
              name="supportEmail"
              type="email"
              defaultValue={value("supportEmail", contacts.supportEmail)}
              error={errors.supportEmail}
              required
            />
            <LinkFields
              title="Redes sociais"
              links={SOCIAL_LINKS}
              contacts={contacts}
              errors={errors}
              value={value}
            />
            <LinkFields
              title="Lojas nos marketplaces"
              links={MARKETPLACE_LINKS}
              contacts={contacts}
              errors={errors}
              value={value}
            />
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}

function LinkFields({
  title,
  links,
  contacts,
  errors,
  value,
}: {
  title: string;
  links: readonly { name: LinkField; label: string }[];
  contacts: Contacts;
  errors: Record<string, string | undefined>;
  value: (name: string, saved: string) => string;
}) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{title} (opcionais, https://)</legend>
      {links.map((link) => (
        <FormField
          key={link.name}
          label={link.label}
          name={link.name}
          type="url"
          placeholder="https://"
          defaultValue={value(link.name, contacts[link.name] ?? "")}
          error={errors[link.name]}
        />
      ))}
    </fieldset>
  );
}
