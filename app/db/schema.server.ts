import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CARD_PAYMENT_STATUSES,
  COUPON_KINDS,
  ORDER_STATUSES,
  PAYMENT_ATTEMPT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PIX_STATUSES,
  REFUND_ORIGINS,
  REFUND_STATUSES,
  TOTAL_ADJUSTMENT_KINDS,
} from "../lib/order-statuses";
import { CARRIER_CODE_PATTERNS, CARRIERS } from "../lib/carriers";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * Money: integer centavos in 64 bits. An order the spec allows (50 lines of 100 units at up to
 * R$ 1.000.000) totals R$ 5 billion, far past a 32-bit integer's R$ 21.474.836,47; 64-bit
 * arithmetic in SQL needs 64-bit columns. Every amount stays below 2^53, so JavaScript numbers
 * hold it exactly (read as `number`).
 */
const centavos = (name: string) => bigint(name, { mode: "number" });

/**
 * An order's freight as placed (issue 52), written by place-order.server.ts from the quote the
 * customer confirmed; typed here, as app/db imports no domain code.
 */
export interface OrderFreightSnapshot {
  serviceCode: string;
  serviceName: string;
  carrier: string;
  priceCents: number;
  daysMin: number;
  daysMax: number;
  /** Free by the owner's free-shipping rule. */
  free: boolean;
  /** Who priced it: the provider, or the owner's table (in the provider's place when `providerFailed`). */
  source: "provider" | "table";
  providerFailed: boolean;
  boxes: { weightGrams: number; heightCm: number; widthCm: number; lengthCm: number }[];
  /** When the server quoted it, as ISO text. */
  quotedAt: string;
}

/**
 * A parcel's weight and sides (issue 52): on a product, and on a variant where it differs from its
 * product's. Null where not given: a variant takes its product's, a product the store's default
 * (the freight settings). Bounds match the product form's (app/domain/shipping/parcel-size.ts).
 */
const parcelSize = {
  weightGrams: integer("weight_grams"),
  heightCm: integer("height_cm"),
  widthCm: integer("width_cm"),
  lengthCm: integer("length_cm"),
};

function parcelSizeChecks(table: string, t: { [K in keyof typeof parcelSize]: AnyPgColumn }) {
  return [
    check(`${table}_weight_grams`, sql`${t.weightGrams} between 1 and 100000`),
    check(
      `${table}_sides_cm`,
      sql`${t.heightCm} between 1 and 200 and ${t.widthCm} between 1 and 200 and ${t.lengthCm} between 1 and 200`,
    ),
  ];
}

/** A check that `column` holds one of `values`. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

// ---------------------------------------------------------------------------
// Auth library tables (better-auth core model: user, session, account, verification)
// ---------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

/**
 * What a customer's pages show of their account rises in the same commit as any change to it
 * (migration 0010's triggers: the user, profile, roles, favourites and orders): a page kept for
 * that customer is current exactly while the version it was made at holds (decision 0005).
 */
export const accountVersions = pgTable("account_versions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/** TOTP codes already accepted: a code is valid for about 90 s, and accepted only once. */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] }), index("used_totp_codes_used_at_idx").on(t.usedAt)],
);

/**
 * Passkeys (WebAuthn credentials) of the better-auth passkey plugin; `last_used_at` is ours, set
 * when one signs its customer in.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/** Sign-in and sign-up attempts per client, kept in the database so limits survive restarts. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Store tables (spec section 3)
// ---------------------------------------------------------------------------

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // The lowest and highest price of its active variants (of all of them when none is active),
    // kept by trigger from `product_variants` (migration 0020): what the catalogue sorts, filters
    // and shows ('a partir de') without reading the variants.
    priceCents: centavos("price_cents").notNull(),
    priceMaxCents: centavos("price_max_cents").notNull(),
    category: text("category").notNull(),
    brand: text("brand"),
    // For the nota fiscal (issue 54): the NCM's 8 digits and the ICMS origin code (0 to 8); null
    // until the owner gives them.
    ncm: text("ncm"),
    origin: smallint("origin"),
    image: text("image").notNull().default("/placeholder.svg"),
    ...parcelSize,
    // Up to three options (Cor, Armazenamento, Voltagem) and their values; none for a product
    // sold as one default variant. Typed here as ProductOption and ProductSpec (domain/catalog/
    // variants.ts) are: app/db imports no domain code.
    options: jsonb("options").$type<{ name: string; values: string[] }[]>().notNull().default([]),
    // The 'Ficha técnica': ordered name/value pairs.
    specs: jsonb("specs").$type<{ name: string; value: string }[]>().notNull().default([]),
    // The name as searches compare it, kept so the catalogue's index loads without running
    // unaccent on every name (decision 0010).
    searchName: text("search_name")
      .notNull()
      .generatedAlwaysAs(sql`search_text(name)`),
    ...timestamps,
  },
  (t) => [
    check("products_price_positive", sql`${t.priceCents} > 0 and ${t.priceCents} <= 100000000`),
    check("products_price_range", sql`${t.priceMaxCents} >= ${t.priceCents}`),
    check("products_name_length", sql`char_length(${t.name}) between 1 and 200`),
    check("products_category_length", sql`char_length(${t.category}) between 1 and 100`),
    check("products_brand_length", sql`char_length(${t.brand}) between 1 and 80`),
    check("products_ncm_digits", sql`${t.ncm} ~ '^[0-9]{8}$'`),
    check("products_origin_code", sql`${t.origin} between 0 and 8`),
    check(
      "products_options_array",
      sql`jsonb_typeof(${t.options}) = 'array' and jsonb_array_length(${t.options}) <= 3`,
    ),
    check("products_specs_array", sql`jsonb_typeof(${t.specs}) = 'array'`),
    ...parcelSizeChecks("products", t),
    index("products_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    // Category filter, and the newest product of each category (featured products).
    index("products_category_created_idx").on(t.category, t.createdAt.desc(), t.id.desc()),
    index("products_price_idx").on(t.priceCents),
    index("products_brand_idx").on(t.brand),
    // The admin's product name search (nameContains): case- and accent-insensitive substring (see
    // search_text()). The catalogue filters its in-memory index instead (decision 0010).
    index("products_search_trgm_idx").using("gin", sql`search_text(${t.name}) gin_trgm_ops`),
  ],
);

/**
 * An automatic promotion (issue 53): a percentage off every product of a category or of a brand
 * while its window runs, without a code. Its price is written on the variants it covers
 * (`product_variants.promotion_basis_points`) when it starts, changes or ends, so every page, the
 * cart and the order read one price (decision 0040).
 */
export const promotions = pgTable(
  "promotions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    // Basis points off the price (1000 = 10%).
    percentBasisPoints: integer("percent_basis_points").notNull(),
    // What it covers: a category or a brand, exactly one of them.
    category: text("category"),
    brand: text("brand"),
    // From the start of its first São Paulo day up to, not at, the midnight after its last.
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("promotions_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("promotions_percent", sql`${t.percentBasisPoints} between 100 and 9000`),
    check("promotions_covers_one", sql`(${t.category} is null) <> (${t.brand} is null)`),
    check("promotions_window", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * What is sold: one combination of its product's option values (none for a default variant), with
 * its own SKU, price, "de" price, stock and active flag (decision 0030).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    // One value per option of the product, in its options' order; [] for a default variant.
    optionValues: jsonb("option_values").$type<string[]>().notNull().default([]),
    priceCents: centavos("price_cents").notNull(),
    // The "de" price of a promotion ('de R$ 1.999,00 por R$ 1.699,00'), above the price.
    compareAtCents: centavos("compare_at_cents"),
    // The automatic promotion running on it now and its percentage (0: none), written by
    // refresh_promotions() (migration 0042).
    promotionId: integer("promotion_id").references(() => promotions.id, { onDelete: "set null" }),
    promotionBasisPoints: integer("promotion_basis_points").notNull().default(0),
    // What it sells for now: the price less the running promotion. What pages, the cart and the
    // order read; the admin edits `price_cents`.
    salePriceCents: centavos("sale_price_cents")
      .notNull()
      .generatedAlwaysAs(sql`price_cents - price_cents * promotion_basis_points / 10000`),
    // The "de" price shown now: the promotion's own "de" while one runs (the higher of the "de"
    // price and the price), else the one the admin typed.
    formerPriceCents: centavos("former_price_cents").generatedAlwaysAs(
      sql`case when promotion_basis_points > 0 then greatest(compare_at_cents, price_cents) else compare_at_cents end`,
    ),
    stock: integer("stock").notNull().default(0),
    active: boolean("active").notNull().default(true),
    // GTIN/EAN, for the shopping feed.
    gtin: text("gtin"),
    ...parcelSize,
    displayOrder: integer("display_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_variants_sku_key").on(t.sku),
    uniqueIndex("product_variants_product_options_key").on(t.productId, t.optionValues),
    index("product_variants_product_order_idx").on(t.productId, t.displayOrder),
    check("product_variants_price_positive", sql`${t.priceCents} > 0 and ${t.priceCents} <= 100000000`),
    check("product_variants_compare_at_above_price", sql`${t.compareAtCents} > ${t.priceCents}`),
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("product_variants_promotion_percent", sql`${t.promotionBasisPoints} between 0 and 9000`),
    check("product_variants_sku_length", sql`char_length(${t.sku}) between 1 and 64`),
    check("product_variants_gtin_digits", sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check("product_variants_option_values_array", sql`jsonb_typeof(${t.optionValues}) = 'array'`),
    ...parcelSizeChecks("product_variants", t),
  ],
);

/**
 * One row whose version rises, by trigger, in the same transaction as any change to products or
 * their images: the visitors' page cache is valid exactly while the version it was made at holds.
 */
export const catalogState = pgTable(
  "catalog_state",
  {
    id: boolean("id").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalog_state_single_row", sql`${t.id}`)],
);

/**
 * Which products each catalogue version changed, written by the same triggers in the same
 * transaction as the version (migration 0021): a store process brings its listing index up to date
 * by reading only those products again (decision 0010). A null product means every product (a
 * TRUNCATE). Only the latest versions are kept (see catalog_changes_since()).
 */
export const catalogChanges = pgTable(
  "catalog_changes",
  {
    version: bigint("version", { mode: "number" }).notNull(),
    productId: integer("product_id"),
  },
  (t) => [index("catalog_changes_version_idx").on(t.version)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // A photo of one variant, shown first when it is chosen; null: the whole product's.
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    // A photo of one option value (the colour 'Preto', option 0), shown first with every variant
    // that has it; both null: not an option value's photo.
    optionIndex: smallint("option_index"),
    optionValue: text("option_value"),
    imageUrl: text("image_url").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("product_images_product_order_idx").on(t.productId, t.displayOrder),
    index("product_images_variant_id_idx").on(t.variantId),
    check(
      "product_images_shown_with",
      sql`(${t.optionIndex} is null) = (${t.optionValue} is null)
        and not (${t.variantId} is not null and ${t.optionIndex} is not null)
        and coalesce(${t.optionIndex} between 0 and 2, true)`,
    ),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("favorites_product_id_idx").on(t.productId),
  ],
);

/**
 * A signed-in customer's cart (DESIGN point 6): the variants and quantities only; names, prices
 * and stock are read from the catalogue whenever the cart is shown, so they are never stale.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    index("cart_items_product_id_idx").on(t.productId),
    index("cart_items_variant_id_idx").on(t.variantId),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 100`),
  ],
);

/**
 * A signed-in customer's cart as a whole (issue 55): when its current run began (its first line
 * into an empty cart) and when it last changed. Kept by a trigger on `cart_items` (migration
 * 0053): the row goes when the cart empties, so the next line starts a new cart.
 */
export const carts = pgTable("carts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The abandoned cart's e-mails (issue 55): each step (1 and 2) once per cart, the cart named by its
 * customer and the time it began; an order placed from the e-mail's link is its recovery.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cartStartedAt: timestamp("cart_started_at", { withTimezone: true }).notNull(),
    step: integer("step").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    // The coupon the e-mail offered (the second step's, when the owner names one): its link applies it.
    couponCode: text("coupon_code"),
    recoveredOrderId: uuid("recovered_order_id").references(() => orders.id, { onDelete: "set null" }),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
  },
  (t) => [
    check("cart_reminders_step", sql`${t.step} in (1, 2)`),
    uniqueIndex("cart_reminders_cart_step_idx").on(t.userId, t.cartStartedAt, t.step),
    index("cart_reminders_sent_at_idx").on(t.sentAt),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    userType: text("user_type", { enum: ["PF", "PJ"] }).notNull(),
    cpf: text("cpf"),
    cnpj: text("cnpj"),
    companyWebsite: text("company_website"),
    // A company's inscrição estadual for the nota fiscal: digits, or ISENTO; none given, it does
    // not pay ICMS (app/lib/state-registration.ts).
    stateRegistration: text("state_registration"),
    avatarUrl: text("avatar_url"),
    ...timestamps,
  },
  (t) => [
    check("profiles_user_type", sql`${t.userType} in ('PF', 'PJ')`),
    // Stored compact: a CPF as 11 digits; a CNPJ as 12 upper-case letters or digits and 2 check
    // digits (alphanumeric since July 2026), so one number has one spelling (decision 0012).
    check(
      "profiles_document_matches_type",
      sql`(${t.userType} = 'PF' and ${t.cpf} ~ '^[0-9]{11}$' and ${t.cnpj} is null and ${t.companyWebsite} is null)
       or (${t.userType} = 'PJ' and ${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$' and ${t.cpf} is null)`,
    ),
    check("profiles_phone_digits", sql`${t.phone} ~ '^[0-9]{10,11}$'`),
    check(
      "profiles_state_registration",
      sql`${t.stateRegistration} is null or (${t.userType} = 'PJ' and ${t.stateRegistration} ~ '^([0-9]{2,14}|ISENTO)$')`,
    ),
    // One account per taxpayer number.
    uniqueIndex("profiles_cpf_unique")
      .on(t.cpf)
      .where(sql`${t.cpf} is not null`),
    uniqueIndex("profiles_cnpj_unique")
      .on(t.cnpj)
      .where(sql`${t.cnpj} is not null`),
    index("profiles_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "user"] }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role", sql`${t.role} in ('admin', 'user')`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cep: text("cep").notNull(),
    street: text("street").notNull(),
    number: text("number").notNull(),
    complement: text("complement"),
    neighborhood: text("neighborhood").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("addresses_cep_digits", sql`${t.cep} ~ '^[0-9]{8}$'`),
    check("addresses_state_uf", sql`${t.state} ~ '^[A-Z]{2}$'`),
    index("addresses_user_listing_idx").on(t.userId, t.isDefault.desc(), t.createdAt.desc()),
    uniqueIndex("addresses_one_default_per_user")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null once the customer's account is erased: paid orders are kept, anonymised.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // What the customer pays: the lines' PIX total (payment-prices.ts), the discount below taken.
    totalCents: centavos("total_cents").notNull(),
    // The PIX discount the total has, for the receipt: its rate (basis points) and its amount.
    pixDiscountBasisPoints: integer("pix_discount_basis_points").notNull().default(0),
    pixDiscountCents: centavos("pix_discount_cents").notNull().default(0),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    pixStatus: text("pix_status", { enum: PIX_STATUSES }).notNull().default("ACTIVE"),
    pixProvider: text("pix_provider"),
    pixChargeId: text("pix_charge_id"),
    pixBrCode: text("pix_br_code"),
    // How the customer chose to pay; a card order has no PIX charge, and a PIX order no card checkout.
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("pix"),
    // Until when the order can be paid (its PIX code's validity; a card checkout's, or a boleto's
    // due date and clearing): past it, still unpaid, it is cancelled and its stock returned.
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true }),
    // A card order's checkout at its provider (Mercado Pago's preference) and where it is paid.
    cardProvider: text("card_provider"),
    cardCheckoutId: text("card_checkout_id"),
    cardCheckoutUrl: text("card_checkout_url"),
    // The order's payment at the card provider, as last read from it: its id, status, type
    // (credit_card, debit_card, ticket for a boleto…) and instalments.
    cardPaymentId: text("card_payment_id"),
    cardPaymentStatus: text("card_payment_status", { enum: CARD_PAYMENT_STATUSES }),
    cardPaymentType: text("card_payment_type"),
    cardInstallments: integer("card_installments"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerTaxId: text("customer_tax_id").notNull(),
    // A company's inscrição estadual as given at checkout (digits or ISENTO); null for a person
    // and for a company that gave none.
    customerStateRegistration: text("customer_state_registration"),
    shippingAddress: jsonb("shipping_address").notNull(),
    // A customer's "delete" hides the order from their list; the store keeps the record.
    hiddenByCustomerAt: timestamp("hidden_by_customer_at", { withTimezone: true }),
    // One order per checkout attempt: a double click or a retried request finds this one.
    checkoutKey: text("checkout_key"),
    // A payment that arrived after the order was cancelled for expiry: kept, and shown to admins.
    latePaymentAt: timestamp("late_payment_at", { withTimezone: true }),
    // A charge reported paid with an amount other than the total: not paid, left to the shop.
    paymentMismatchAt: timestamp("payment_mismatch_at", { withTimezone: true }),
    paymentMismatchCents: centavos("payment_mismatch_cents"),
    // When the expiry job last asked the provider about this charge (it asks once a minute at most).
    pixCheckedAt: timestamp("pix_checked_at", { withTimezone: true }),
    // When a customer's check last asked the provider ("Já Paguei", a card order's return page; at
    // most once every few seconds).
    pixAskedAt: timestamp("pix_asked_at", { withTimezone: true }),
    // When a request last took on creating this order's charge: the one that inserts the order at
    // once; a repeated request takes over only after the lease, if the charge is still missing.
    chargeRequestedAt: timestamp("charge_requested_at", { withTimezone: true }).defaultNow(),
    // The parcel's code at its carrier, once the store ships it.
    trackingCode: text("tracking_code"),
    // Who carries it: the Correios (every code given before carriers were chosen), Jadlog, Loggi,
    // or another carrier named by the admin; only the Correios' parcels are followed by the job.
    trackingCarrier: text("tracking_carrier", { enum: CARRIERS }).notNull().default("correios"),
    trackingCarrierName: text("tracking_carrier_name"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    // The freight as the customer chose it when the order was placed (issue 52): the service, its
    // price and days, the boxes quoted, where the quote came from and when; null for an order
    // placed while freight was free to all of Brazil. Its price, when not free, is the order's
    // `freight` adjustment.
    freight: jsonb("freight").$type<OrderFreightSnapshot>(),
    // The end of the last day the store promised the parcel by, set when it ships: the shipping
    // date plus the store's delivery time in working days. Without a delivery reported by the
    // carrier or the admin, the 7 days of withdrawal count from it (decision 0032).
    deliveryDueAt: timestamp("delivery_due_at", { withTimezone: true }),
    // When the delivery job last asked the carrier about the parcel (once an hour at most).
    deliveryCheckedAt: timestamp("delivery_checked_at", { withTimezone: true }),
    // When the customer received it (the admin's or the carrier's word): the 7 days of withdrawal
    // (CDC art. 49) count from it.
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // The customer's 'Desistir da compra': when, and the reason they gave (optional).
    withdrawalRequestedAt: timestamp("withdrawal_requested_at", { withTimezone: true }),
    withdrawalReason: text("withdrawal_reason"),
    // What confirmed refunds gave back (`order_refunds`): at most what was paid.
    refundedCents: centavos("refunded_cents").notNull().default(0),
    // When the last of the order's units went back to stock (`order_items.returned_quantity`): an
    // order with none left cannot be shipped.
    stockReturnedAt: timestamp("stock_returned_at", { withTimezone: true }),
    // A dispute of the payment (a PIX MED infraction, a card chargeback) the provider reported:
    // nothing is refunded on its own; the admin answers it at the provider.
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    disputeReason: text("dispute_reason"),
    ...timestamps,
  },
  (t) => [
    check("orders_total_positive", sql`${t.totalCents} > 0`),
    check(
      "orders_pix_discount",
      sql`${t.pixDiscountCents} >= 0 and ${t.pixDiscountBasisPoints} between 0 and 5000`,
    ),
    check("orders_status", oneOf(t.status, ORDER_STATUSES)),
    check("orders_payment_status", oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check("orders_refunded", sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    check("orders_paid_consistency", sql`(${t.paymentStatus} = 'paid') = (${t.paidAt} is not null)`),
    check("orders_pix_status", sql`${t.pixStatus} in ('ACTIVE', 'COMPLETED', 'EXPIRED')`),
    check("orders_payment_method", sql`${t.paymentMethod} in ('pix', 'card')`),
    check(
      "orders_customer_state_registration",
      sql`${t.customerStateRegistration} ~ '^([0-9]{2,14}|ISENTO)$'`,
    ),
    check(
      "orders_payment_mismatch",
      sql`(${t.paymentMismatchAt} is null) = (${t.paymentMismatchCents} is null)`,
    ),
    // Each carrier's code by its rule (trackingFormSchema's, in tracking-code.ts).
    check(
      "orders_tracking_code",
      sql`case ${t.trackingCarrier}
        when 'correios' then ${t.trackingCode} ~ ${sql.raw(`'${CARRIER_CODE_PATTERNS.correios}'`)}
        when 'jadlog' then ${t.trackingCode} ~ ${sql.raw(`'${CARRIER_CODE_PATTERNS.jadlog}'`)}
        when 'loggi' then ${t.trackingCode} ~ ${sql.raw(`'${CARRIER_CODE_PATTERNS.loggi}'`)}
        else char_length(${t.trackingCode}) between 4 and 40 end`,
    ),
    check("orders_tracking_carrier", oneOf(t.trackingCarrier, CARRIERS)),
    // An `other` carrier is named; the ones the store knows are not.
    check(
      "orders_tracking_carrier_name",
      sql`(${t.trackingCarrier} = 'other') = (${t.trackingCarrierName} is not null)`,
    ),
    uniqueIndex("orders_checkout_key_idx").on(t.userId, t.checkoutKey),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_created_at_idx").on(t.createdAt.desc()),
    // The dashboard's revenue per day.
    index("orders_paid_at_idx")
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    uniqueIndex("orders_pix_charge_idx").on(t.pixProvider, t.pixChargeId),
    // The shipped orders the delivery job asks the carrier about.
    index("orders_shipped_idx")
      .on(t.deliveryCheckedAt)
      .where(sql`${t.status} = 'shipped'`),
    index("orders_pending_expiry_idx")
      .on(t.paymentExpiresAt)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.status} = 'pending'`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Kept when the product is later deleted: the line is a snapshot of what was bought.
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    // 'Cor: Preto · Armazenamento: 256 GB'; empty for a product without options.
    variantLabel: text("variant_label").notNull().default(""),
    // Null only for lines bought before variants, of a product deleted since (migration 0020).
    sku: text("sku"),
    productImage: text("product_image").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: centavos("unit_price_cents").notNull(),
    // How many of its units went back to stock (a cancellation, a refund that returns them): each
    // unit once.
    returnedQuantity: integer("returned_quantity").notNull().default(0),
    // The line's share of the order's coupon (issue 53): what a refund of all its units gives back
    // less. 0 for a line the coupon does not take off from, and for every order without one.
    couponDiscountCents: centavos("coupon_discount_cents").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("order_items_quantity", sql`${t.quantity} between 1 and 100`),
    check(
      "order_items_coupon_discount",
      sql`${t.couponDiscountCents} between 0 and ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check("order_items_returned", sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
    check("order_items_unit_price_positive", sql`${t.unitPriceCents} > 0`),
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    index("order_items_variant_id_idx").on(t.variantId),
  ],
);

/**
 * The lines of an order's total below its items (issue 50): each adjustment as the customer saw it
 * when the order was placed, its label and its amount (negative for a discount); the order's total
 * is its items' sum plus these. The PIX discount is still written on the order's columns
 * (`pix_discount_*`), which a trigger copies here (migration 0032), so the previous release, which
 * writes only them, stays in step.
 */
export const orderAdjustments = pgTable(
  "order_adjustments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TOTAL_ADJUSTMENT_KINDS }).notNull(),
    label: text("label").notNull(),
    amountCents: centavos("amount_cents").notNull(),
    // The rate of an adjustment that is a percentage (the PIX discount's), in basis points.
    basisPoints: integer("basis_points"),
    ...timestamps,
  },
  (t) => [
    // One of each kind per order.
    uniqueIndex("order_adjustments_order_kind_idx").on(t.orderId, t.kind),
    check("order_adjustments_kind", oneOf(t.kind, TOTAL_ADJUSTMENT_KINDS)),
    check("order_adjustments_amount", sql`${t.amountCents} <> 0`),
  ],
);

/**
 * Each attempt to pay an order (decision 0035): its method and provider, the provider's ids, what
 * was asked, received and given back, and its status in the store's words beside the provider's
 * own. The order's own payment is still written on the order's payment columns, which a trigger
 * copies into its row here (`mirrors_order`, id the order's own; migration 0030), so the previous
 * release, which writes only them, stays in step; other payments of the order (a second one, a
 * refused card the order left for PIX) are written here directly (decision 0035).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    // Null while the provider has not yet been asked (a charge being created).
    provider: text("provider"),
    // The payment at its provider: a PIX charge's id, a card or boleto payment's id.
    providerPaymentId: text("provider_payment_id"),
    // A card checkout (Mercado Pago's preference) and the address where it is paid.
    checkoutId: text("checkout_id"),
    checkoutUrl: text("checkout_url"),
    // A PIX charge's copy-and-paste code.
    brCode: text("br_code"),
    // What the payer used at a card provider (credit_card, debit_card, ticket for a boleto…).
    methodType: text("method_type"),
    installments: integer("installments"),
    amountCents: centavos("amount_cents").notNull(),
    // What the provider reported received: the amount, or another one it was paid with.
    receivedCents: centavos("received_cents").notNull().default(0),
    // What confirmed refunds of this payment gave back.
    refundedCents: centavos("refunded_cents").notNull().default(0),
    status: text("status", { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default("pending"),
    // The provider's own last word on it (ACTIVE, approved, in_mediation…), for the admin.
    providerStatus: text("provider_status"),
    // Whether it paid the order: its amount received, reported by the provider. One per order.
    settlesOrder: boolean("settles_order").notNull().default(false),
    // The row the trigger of migration 0030 keeps in step with the order's payment columns.
    mirrorsOrder: boolean("mirrors_order").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    // When the money arrived (for the total or another amount).
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // When it arrived after the order had been cancelled for expiry.
    lateAt: timestamp("late_at", { withTimezone: true }),
    // A dispute the provider reported (a PIX MED, a chargeback): first reported, and its news.
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    disputeReason: text("dispute_reason"),
    // A boleto as its provider issued it: its due date and its linha digitável (47 digits), which
    // the customer's page shows to pay it at a bank.
    boletoDueAt: timestamp("boleto_due_at", { withTimezone: true }),
    boletoDigitableLine: text("boleto_digitable_line"),
    ...timestamps,
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.createdAt),
    index("payments_provider_payment_idx").on(t.provider, t.providerPaymentId),
    // A payment the app records beside the order's own (a second one) is recorded once, however
    // many times its provider announces it.
    uniqueIndex("payments_recorded_once")
      .on(t.provider, t.providerPaymentId)
      .where(sql`not ${t.mirrorsOrder}`),
    uniqueIndex("payments_one_settling_per_order")
      .on(t.orderId)
      .where(sql`${t.settlesOrder}`),
    uniqueIndex("payments_one_mirror_per_order")
      .on(t.orderId)
      .where(sql`${t.mirrorsOrder}`),
    check("payments_method", oneOf(t.method, PAYMENT_METHODS)),
    check("payments_status", oneOf(t.status, PAYMENT_ATTEMPT_STATUSES)),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "payments_money",
      sql`${t.receivedCents} >= 0 and ${t.refundedCents} between 0 and ${t.receivedCents}`,
    ),
    check("payments_settles_when_received", sql`not ${t.settlesOrder} or ${t.receivedCents} > 0`),
  ],
);

/** Each provider event is handled once: providers deliver again until they get a 2xx. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    chargeId: text("charge_id").notNull(),
    eventType: text("event_type").notNull(),
    // Handled once the provider reported the charge paid or expired and the order followed it.
    processedAt: timestamp("processed_at", { withTimezone: true }),
    // Checks that did not settle it (the provider still said ACTIVE, or did not answer).
    attempts: integer("attempts").notNull().default(0),
    // No longer checked: its order was settled otherwise, or it has no order; a new delivery
    // of the same event checks again.
    gaveUpAt: timestamp("gave_up_at", { withTimezone: true }),
    // Not tried again before this time: a lease while it is handled, a pause after a failure.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_events_once_idx").on(t.provider, t.chargeId, t.eventType),
    index("payment_events_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null and ${t.gaveUpAt} is null`),
  ],
);

/** The sandbox provider's own charges: what a real provider would keep on its side. */
export const sandboxPixCharges = pgTable("sandbox_pix_charges", {
  chargeId: text("charge_id").primaryKey(),
  amountCents: centavos("amount_cents").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  // Cancelled by the store (its order was cancelled): it can no longer be paid.
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * The sandbox card provider's checkouts: what Mercado Pago keeps of a preference, so its
 * simulation page can show the order and take a payment without a payment company.
 */
export const sandboxCardCheckouts = pgTable(
  "sandbox_card_checkouts",
  {
    id: text("id").primaryKey(),
    // The order's id as the checkout names it (a provider's external reference): no foreign key,
    // as a provider keeps its checkouts whatever becomes of the order.
    orderId: text("order_id").notNull(),
    items: jsonb("items").$type<{ name: string; quantity: number; unitPriceCents: number }[]>().notNull(),
    returnUrl: text("return_url").notNull(),
    maxInstallments: integer("max_installments").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    boletoDueAt: timestamp("boleto_due_at", { withTimezone: true }).notNull(),
    // Closed by the store (its order was cancelled): it takes no payment, a boleto's included.
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("sandbox_card_checkouts_order_idx").on(t.orderId),
    check("sandbox_card_checkouts_installments", sql`${t.maxInstallments} >= 1`),
  ],
);

/** The payments made on the sandbox's checkouts, numbered as Mercado Pago numbers its payments. */
export const sandboxCardPayments = pgTable(
  "sandbox_card_payments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1_000_000_001 }),
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => sandboxCardCheckouts.id),
    orderId: text("order_id").notNull(),
    status: text("status", { enum: CARD_PAYMENT_STATUSES }).notNull(),
    amountCents: centavos("amount_cents").notNull(),
    installments: integer("installments").notNull(),
    // credit_card or ticket (a boleto), as Mercado Pago names a payment's type.
    paymentType: text("payment_type").notNull(),
    // A boleto's due date; null for a card.
    dueAt: timestamp("due_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("sandbox_card_payments_order_idx").on(t.orderId),
    index("sandbox_card_payments_checkout_idx").on(t.checkoutId),
    check("sandbox_card_payments_installments", sql`${t.installments} >= 1`),
  ],
);

/**
 * The sandbox providers' refunds (PIX and card): what a real provider keeps of a refund it made,
 * keyed by the store's refund id (its idempotency key).
 */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: uuid("id").primaryKey(),
  provider: text("provider").notNull(),
  chargeId: text("charge_id").notNull(),
  amountCents: centavos("amount_cents").notNull(),
  ...timestamps,
});

/**
 * The outbox of charges to cancel at their provider: written in the transaction that cancels an
 * unpaid order with a charge, worked off by a job outside it (the provider is another service).
 * Keyed by the charge, not by the order: an erased account's unpaid orders are deleted, and their
 * charges must still stop being payable.
 */
export const pixChargeCancellations = pgTable(
  "pix_charge_cancellations",
  {
    provider: text("provider").notNull(),
    chargeId: text("charge_id").notNull(),
    // Kept without a reference: the order may be deleted (account erasure) before the charge is.
    orderId: uuid("order_id").notNull(),
    // The next try; a claim moves it ahead, so a failed or abandoned try is retried after a pause.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // When the provider confirmed that the charge can no longer be paid, or reported it paid or expired.
    settledAt: timestamp("settled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.chargeId] }),
    index("pix_charge_cancellations_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.settledAt} is null`),
  ],
);

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * Every e-mail leaves through this table: written in the transaction that decides to send it,
 * delivered afterwards by the outbox job, so a crash or a restart loses none.
 */
/** An image a queued e-mail carries for its HTML (`<img src="cid:…">`), its bytes in base64. */
export interface OutboxAttachment {
  cid: string;
  filename: string;
  contentType: string;
  base64: string;
}

export const MARKETING_OPT_OUT_SOURCES = ["link", "one-click", "account"] as const;

/**
 * Customers who asked for no marketing e-mails (issue 55: reminders, review requests): since when,
 * and how (the e-mail's link, their mail client's one-click unsubscribe, or their account). Order
 * e-mails are not marketing and are always sent. No row: the customer receives them.
 */
export const marketingOptOuts = pgTable(
  "marketing_opt_outs",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source", { enum: MARKETING_OPT_OUT_SOURCES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("marketing_opt_outs_source", oneOf(t.source, MARKETING_OPT_OUT_SOURCES))],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // What the message is about (for instance `order-paid:{orderId}`): the same one is queued once.
    dedupeKey: text("dedupe_key").notNull().unique(),
    recipient: text("recipient").notNull(),
    // The From's display name (the store's name when the message was composed) before MAIL_FROM's
    // address; null on messages queued before it was kept, which go out with MAIL_FROM as it is.
    senderName: text("sender_name"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // Not tried again before this time: a back-off after a failure, or a lease while sending.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    // Headers beyond the usual ones: a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post.
    headers: jsonb("headers").$type<Record<string, string>>(),
    // Images its HTML shows inline (`cid:`), such as a PIX reminder's QR code.
    attachments: jsonb("attachments").$type<OutboxAttachment[]>(),
    ...timestamps,
  },
  (t) => [
    check("mail_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------
// Admin panel (spec sections 2 and 6)
// ---------------------------------------------------------------------------

/**
 * The admin gate's password when `ADMIN_PANEL_PASSWORD` is unset: generated at the first start,
 * shown once in the log, and kept here only as a hash, shared by every instance of the store.
 */
export const adminGatePassword = pgTable(
  "admin_gate_password",
  {
    id: boolean("id").primaryKey().default(true),
    passwordHash: text("password_hash").notNull(),
    ...timestamps,
  },
  (t) => [check("admin_gate_password_single_row", sql`${t.id}`)],
);

/** Sessions whose admin passed the gate: signing out (the session ends) asks again. */
export const adminGatePasses = pgTable("admin_gate_passes", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  passedAt: timestamp("passed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of an order's status: who (null for the store itself), when, from and to. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.createdAt),
    check(
      "order_status_history_statuses",
      sql`${oneOf(t.fromStatus, ORDER_STATUSES)} and ${oneOf(t.toStatus, ORDER_STATUSES)}`,
    ),
  ],
);

/**
 * Money given back on a paid order, through the provider that took the payment. The id is the
 * request's own key: a retried request finds its refund and never refunds twice; it is also the
 * refund's idempotency key at the provider. Pending until the provider confirms or refuses it.
 */
/**
 * A coupon (issue 53): a code the shopper types, what it takes off and the rules of who may use it
 * and when. `uses` counts the uses reserved by the orders placed with it: placing an order takes
 * one with a guarded update, so two checkouts at once never pass `max_uses`.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Upper case, without spaces (normalizeCouponCode): a code typed in any case finds it.
    code: text("code").notNull(),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    // A percentage in basis points (1000 = 10%); a fixed amount in centavos; 0 for free shipping.
    value: centavos("value").notNull(),
    active: boolean("active").notNull().default(true),
    // From the start of its first São Paulo day to the end of its last; null: no bound.
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    minSubtotalCents: centavos("min_subtotal_cents"),
    maxUses: integer("max_uses"),
    // Counted by the customer's CPF or CNPJ, so a second account does not start again.
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    uses: integer("uses").notNull().default(0),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    pixOnly: boolean("pix_only").notNull().default(false),
    // The products, categories and brands it is limited to (none named: all), and those it leaves out.
    only: jsonb("only")
      .$type<{ productIds: number[]; categories: string[]; brands: string[] }>()
      .notNull()
      .default({ productIds: [], categories: [], brands: [] }),
    except: jsonb("except")
      .$type<{ productIds: number[]; categories: string[]; brands: string[] }>()
      .notNull()
      .default({ productIds: [], categories: [], brands: [] }),
    onSaleItems: boolean("on_sale_items").notNull().default(true),
    addsToPixDiscount: boolean("adds_to_pix_discount").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("coupons_code_idx").on(t.code),
    check("coupons_kind", oneOf(t.kind, COUPON_KINDS)),
    check(
      "coupons_value",
      sql`case ${t.kind} when 'percent' then ${t.value} between 1 and 10000 when 'fixed' then ${t.value} between 1 and 100000000 else ${t.value} = 0 end`,
    ),
    check("coupons_code_format", sql`${t.code} ~ '^[A-Z0-9_-]{3,30}$'`),
    check("coupons_uses", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check(
      "coupons_limits",
      sql`coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerCustomer}, 1) >= 1`,
    ),
    check("coupons_window", sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Each use of a coupon (issue 53): reserved by the statement that placed its order, beside
 * `coupons.uses`, and counted against the customer's CPF or CNPJ; released (and the coupon's use
 * given back) when the order is cancelled unpaid or withdrawn.
 */
export const couponUses = pgTable(
  "coupon_uses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // The order's CPF or CNPJ, as stored on it.
    taxId: text("tax_id").notNull(),
    discountCents: centavos("discount_cents").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("coupon_uses_order_idx").on(t.orderId),
    index("coupon_uses_customer_idx").on(t.couponId, t.taxId),
    check("coupon_uses_discount", sql`${t.discountCents} > 0`),
  ],
);

export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: centavos("amount_cents").notNull(),
    reason: text("reason").notNull(),
    origin: text("origin", { enum: REFUND_ORIGINS }).notNull(),
    // Whether the units it gives back (order_refund_items) returned to stock.
    restock: boolean("restock").notNull().default(false),
    // Whether it gives back the order's freight line (issue 52): a withdrawal before shipping and
    // a refund of all the order's payment do; a partial one when the admin says so.
    includesFreight: boolean("includes_freight").notNull().default(false),
    // The provider that refunds it (the order's PIX or card provider); null when the admin
    // recorded a refund made by other means (a PIX past the 90 days).
    provider: text("provider"),
    providerRefundId: text("provider_refund_id"),
    // The payment it gives back; filled by a trigger when a release that does not know it inserts
    // the refund (migration 0030).
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    // Why the provider refused it, as it said.
    failure: text("failure"),
    // The admin who asked for it; null for the store's own on a customer's withdrawal.
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // When the refund job last asked the provider about it.
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    index("order_refunds_payment_idx").on(t.paymentId),
    index("order_refunds_pending_idx")
      .on(t.checkedAt)
      .where(sql`${t.status} = 'pending'`),
    check("order_refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("order_refunds_status", oneOf(t.status, REFUND_STATUSES)),
    check("order_refunds_origin", oneOf(t.origin, REFUND_ORIGINS)),
    check("order_refunds_confirmed", sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`),
  ],
);

/**
 * The units a refund gives back, line by line (the admin's 'Itens reembolsados'; a withdrawal's,
 * all of them); back in stock when the refund's `restock` says so.
 */
export const orderRefundItems = pgTable(
  "order_refund_items",
  {
    refundId: uuid("refund_id")
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    index("order_refund_items_order_item_idx").on(t.orderItemId),
    check("order_refund_items_quantity", sql`${t.quantity} > 0`),
  ],
);

/**
 * The owner's settings ('Configurações da loja'): one row, each saved section a key of `sections`
 * (a section never saved shows its default). A save raises `version` and, by trigger, the
 * catalogue's version: every instance's page caches drop their pages at once (migration 0018).
 */
export const storeSettings = pgTable(
  "store_settings",
  {
    id: boolean("id").primaryKey().default(true),
    sections: jsonb("sections").$type<Record<string, unknown>>().notNull().default({}),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_settings_single_row", sql`${t.id}`)],
);

/**
 * The store's Bling account (issue 54): the owner's Bling application and, once authorised, its
 * tokens. Secrets are sealed with the store's secret (app/config/sealed-secrets.server.ts): a
 * copy of the database alone does not open the account. One row, as the store's settings.
 */
export const blingConnection = pgTable(
  "bling_connection",
  {
    id: boolean("id").primaryKey().default(true),
    clientId: text("client_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    // When the access token ends, as Bling said (`expires_in`).
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    // Orders paid from then on go to Bling: set at the first connection and kept after, so an
    // order paid while the store was disconnected for a while still goes when it reconnects.
    ordersSince: timestamp("orders_since", { withTimezone: true }),
    // Bling's ids of the owner's forms of payment ('Formas de pagamento'), for the sales orders'
    // parcels by how each order was paid; none: the parcel names it in its notes only.
    pixPaymentFormId: integer("pix_payment_form_id"),
    cardPaymentFormId: integer("card_payment_form_id"),
    boletoPaymentFormId: integer("boleto_payment_form_id"),
    // Ask Bling to generate and transmit each sent order's NF-e (the owner may prefer to do it there).
    issueInvoices: boolean("issue_invoices").notNull().default(false),
    // The situation ('Cancelado', 12 in a new account) a sales order moves to once its sale is
    // undone in whole: cancelled, returned or refunded; none: the store leaves it alone.
    cancelledSituationId: integer("cancelled_situation_id").default(12),
    // The authorisation under way: its state's hash, who started it and until when it is good.
    pendingStateHash: text("pending_state_hash"),
    pendingUserId: text("pending_user_id"),
    pendingExpiresAt: timestamp("pending_expires_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bling_connection_single_row", sql`${t.id}`),
    check(
      "bling_connection_tokens",
      sql`(${t.accessToken} is null) = (${t.refreshToken} is null)
       and (${t.accessToken} is null) = (${t.accessExpiresAt} is null)
       and (${t.accessToken} is null) = (${t.connectedAt} is null)`,
    ),
  ],
);

/**
 * Each paid order's hand-off to Bling as a 'pedido de venda' (issue 54, point 2): waiting for the
 * job (its next try), sent (Bling's id of the sales order), or failed with Bling's reason until an
 * admin sends it again.
 */
export const blingOrders = pgTable(
  "bling_orders",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["waiting", "sent", "failed"] })
      .notNull()
      .default("waiting"),
    salesOrderId: bigint("sales_order_id", { mode: "number" }),
    // Tries that failed without Bling's refusal (no answer, 5xx): the backoff grows with them.
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Why the last try failed, in pt-BR, for the admin's order page; never a token or a body.
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // The NF-e Bling issued for the sales order (issue 54, point 3), once authorised: its id, number,
    // series, access key, date, and Bling's links to its XML and DANFE.
    invoiceId: bigint("invoice_id", { mode: "number" }),
    invoiceNumber: text("invoice_number"),
    invoiceSeries: text("invoice_series"),
    invoiceKey: text("invoice_key"),
    invoiceIssuedAt: timestamp("invoice_issued_at", { withTimezone: true }),
    invoiceXmlUrl: text("invoice_xml_url"),
    invoiceDanfeUrl: text("invoice_danfe_url"),
    // When the store last asked Bling for the invoice of a sales order still without one; null:
    // ask at the next run (a webhook said something changed).
    invoiceCheckedAt: timestamp("invoice_checked_at", { withTimezone: true }),
    // When Bling's sales order moved to the cancelled situation (issue 54, point 4): the sale was
    // undone in whole after it was sent. Until then such an order waits in the queue again.
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("bling_orders_invoice_key", sql`${t.invoiceKey} ~ '^[0-9]{44}$'`),
    check("bling_orders_state", sql`${t.state} in ('waiting', 'sent', 'failed')`),
    // A sent order may wait again (its cancellation to send), its sales order kept.
    check(
      "bling_orders_sent",
      sql`${t.state} <> 'sent' or (${t.salesOrderId} is not null and ${t.sentAt} is not null)`,
    ),
    index("bling_orders_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'waiting'`),
  ],
);

/**
 * Bling's webhooks, each kept once by its `eventId` (Bling delivers again when unsure) and
 * handled by the Bling job after the delivery was answered.
 */
export const blingWebhookEvents = pgTable("bling_webhook_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  // The resource the event names (an NF-e's or a sales order's id).
  resourceId: bigint("resource_id", { mode: "number" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

/**
 * An order's shipping label bought through Melhor Envio (issue 54, point 5): the shipment Melhor
 * Envio keeps for it, and how far its purchase went. A try under way claims the row, so two
 * admins never put the same order in the cart twice.
 */
export const shippingLabels = pgTable(
  "shipping_labels",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Melhor Envio's id of the shipment (its cart item); null while the first call is under way.
    shipmentId: text("shipment_id"),
    // Melhor Envio's status of it when last seen: pending (in the cart), released (paid),
    // generated, posted, delivered, canceled…
    shipmentStatus: text("shipment_status"),
    invoiceKey: text("invoice_key").notNull(),
    // Why the last try stopped, in pt-BR with Melhor Envio's words; never a token.
    lastError: text("last_error"),
    // When the last try started: another waits until it ends or this is 2 minutes old.
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check("shipping_labels_invoice_key", sql`${t.invoiceKey} ~ '^[0-9]{44}$'`)],
);

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;

/**
 * A customer's review of a product they bought (issue 55): one per customer and product, shown on
 * the product page once published (at once, or after the admin's approval when the store asks for
 * it). The author's first name and city as the review shows them are kept with it, so a later
 * change of address does not rewrite a published review.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    authorName: text("author_name").notNull(),
    authorCity: text("author_city"),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    // The store's public answer, and when it was written.
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    // How many customers marked it 'Útil' (`review_votes`), for the 'Mais úteis' order.
    helpfulCount: integer("helpful_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("product_reviews_rating", sql`${t.rating} between 1 and 5`),
    check("product_reviews_status", oneOf(t.status, REVIEW_STATUSES)),
    check("product_reviews_reply", sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
    uniqueIndex("product_reviews_product_user_idx").on(t.productId, t.userId),
    index("product_reviews_user_idx").on(t.userId),
    index("product_reviews_published_idx")
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.status} = 'published'`),
  ],
);

/** A customer's 'Útil' on a review: once per customer and review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => productReviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_votes_user_idx").on(t.userId)],
);

/** Every write an admin makes, with a before/after summary, kept for the shop owner. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    // Kept when the admin's account is later removed.
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ...timestamps,
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt.desc()),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

/**
 * The store's scheduled backups (BACKUP_DIR), one row per attempt, written by whichever instance
 * took it: the panel and /metrics read the last ones, and no instance takes another before
 * BACKUP_EVERY has passed since the last that succeeded.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    succeeded: boolean("succeeded").notNull(),
    // The archive written, and its size in bytes, when it succeeded.
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    // Why it failed (pt-BR, shown in the panel).
    failure: text("failure"),
    ...timestamps,
  },
  (t) => [
    index("backup_runs_created_idx").on(t.succeeded, t.createdAt.desc()),
    check(
      "backup_runs_outcome",
      sql`(${t.succeeded} and ${t.file} is not null and ${t.bytes} is not null and ${t.failure} is null) or (not ${t.succeeded} and ${t.failure} is not null)`,
    ),
  ],
);
