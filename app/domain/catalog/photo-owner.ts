import { variantLabel, type ProductOption } from "./variants";

/**
 * Whose photo a gallery photo is: the whole product's, one variant's, or one option value's (the
 * colour 'Preto', shown with every variant of that colour). Shared by the product page, the admin
 * and, as SQL, the cart and the feed (photo-owner.server.ts).
 */
export type PhotoOwner =
  | { kind: "product" }
  | { kind: "variant"; variantId: number }
  | { kind: "option"; optionIndex: number; value: string };

/** A photo's row as stored: at most one of a variant and an option value. */
export interface PhotoOwnerColumns {
  variantId: number | null;
  optionIndex: number | null;
  optionValue: string | null;
}

export function photoOwnerOf(photo: PhotoOwnerColumns): PhotoOwner {
  if (photo.variantId !== null) return { kind: "variant", variantId: photo.variantId };
  if (photo.optionIndex !== null && photo.optionValue !== null) {
    return { kind: "option", optionIndex: photo.optionIndex, value: photo.optionValue };
  }
  return { kind: "product" };
}

export function photoOwnerColumns(owner: PhotoOwner): PhotoOwnerColumns {
  switch (owner.kind) {
    case "product":
      return { variantId: null, optionIndex: null, optionValue: null };
    case "variant":
      return { variantId: owner.variantId, optionIndex: null, optionValue: null };
    case "option":
      return { variantId: null, optionIndex: owner.optionIndex, optionValue: owner.value };
  }
}

/** The photo is this variant's own, or its option value's. */
export function isPhotoOfVariant(
  photo: PhotoOwnerColumns,
  variant: { id: number; optionValues: readonly string[] },
): boolean {
  const owner = photoOwnerOf(photo);
  if (owner.kind === "variant") return owner.variantId === variant.id;
  return owner.kind === "option" && variant.optionValues[owner.optionIndex] === owner.value;
}

/** The admin's choice of a photo's owner as a form sends it: 'produto', 'variante:12', 'opcao:0:Preto'. */
export function photoOwnerField(owner: PhotoOwner): string {
  switch (owner.kind) {
    case "product":
      return "produto";
    case "variant":
      return `variante:${owner.variantId}`;
    case "option":
      return `opcao:${owner.optionIndex}:${owner.value}`;
  }
}

/** A form's field read back; null when it names no owner at all. */
export function parsePhotoOwnerField(field: string): PhotoOwner | null {
  if (field === "produto") return { kind: "product" };
  const variant = /^variante:([1-9]\d{0,9})$/.exec(field);
  if (variant) return { kind: "variant", variantId: Number(variant[1]) };
  const option = /^opcao:([0-2]):(.+)$/s.exec(field);
  if (option) return { kind: "option", optionIndex: Number(option[1]), value: option[2]! };
  return null;
}

/** A product's options and variants, as far as naming a photo's owner needs them. */
export interface PhotoOwnerChoices {
  options: readonly ProductOption[];
  variants: readonly { id: number; optionValues: readonly string[] }[];
}

/** Every owner the admin may give a photo of this product: the product, each option value, each variant. */
export function photoOwnerChoices({ options, variants }: PhotoOwnerChoices): PhotoOwner[] {
  return [
    { kind: "product" },
    ...options.flatMap((option, optionIndex) =>
      option.values.map((value): PhotoOwner => ({ kind: "option", optionIndex, value })),
    ),
    ...(options.length > 1
      ? variants.map((variant): PhotoOwner => ({ kind: "variant", variantId: variant.id }))
      : []),
  ];
}

/** 'Todas as variantes', 'Cor: Preto', 'Só Cor: Preto · Armazenamento: 256 GB'; null when the product has no such owner. */
export function photoOwnerLabel(owner: PhotoOwner, { options, variants }: PhotoOwnerChoices): string | null {
  switch (owner.kind) {
    case "product":
      return "Todas as variantes";
    case "option": {
      const option = options[owner.optionIndex];
      return option?.values.includes(owner.value) ? `${option.name}: ${owner.value}` : null;
    }
    case "variant": {
      const variant = variants.find((candidate) => candidate.id === owner.variantId);
      return variant ? `Só ${variantLabel(options, variant.optionValues)}` : null;
    }
  }
}
