import { describe, expect, it } from "vitest";
import { defaultSettings } from "./default-settings";
import { SETTINGS_SECTIONS, type SettingsSection } from "./settings-schema";
import { loadEnv } from "../../config/env.server";

const defaults = defaultSettings({
  ...loadEnv({}),
  SUPPORT_EMAIL: "contato@loja.example",
  WHATSAPP_NUMBER: "5511988887777",
});

describe("a saved section read back", () => {
  it.each(Object.keys(SETTINGS_SECTIONS) as SettingsSection[])(
    "%s parses again to itself, empty optional fields included",
    (section) => {
      const saved = SETTINGS_SECTIONS[section].parse(defaults[section]);
      expect(SETTINGS_SECTIONS[section].parse(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    },
  );

  it("keeps the form's blank optional fields as none", () => {
    const contacts = SETTINGS_SECTIONS.contacts.parse({
      ...defaults.contacts,
      instagramUrl: "  ",
      facebookUrl: "https://www.facebook.com/loja",
    });
    expect(contacts.instagramUrl).toBeNull();
    expect(contacts.facebookUrl).toBe("https://www.facebook.com/loja");
    const legal = SETTINGS_SECTIONS.legal.parse({
      ...defaults.legal,
      stateRegistration: "",
      address: { ...defaults.legal.address, complement: undefined },
    });
    expect([legal.stateRegistration, legal.address.complement]).toEqual([null, null]);
  });
});
