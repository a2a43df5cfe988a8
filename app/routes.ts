import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("catalog", "routes/catalog.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("official-reseller", "routes/official-reseller.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/logout", "routes/auth.logout.ts"),
  route("account", "routes/account/layout.tsx", [
    index("routes/account/overview.tsx"),
    route("profile", "routes/account/profile.tsx"),
    route("addresses", "routes/account/addresses.tsx"),
    route("orders", "routes/account/orders.tsx"),
    route("favorites", "routes/account/favorites.tsx"),
    route("settings", "routes/account/settings.tsx"),
    route("track", "routes/account/track.tsx"),
    route("reviews", "routes/account/reviews.tsx"),
    route("*", "routes/account/unknown.ts"),
  ]),
  route("account/data", "routes/account.data.ts"),
  route("api/cart-products", "routes/api.cart-products.ts"),
  route("api/cep/:cep", "routes/api.cep.ts"),
  route("api/favorites", "routes/api.favorites.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
