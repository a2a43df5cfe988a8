import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our own HTTP shell, which embeds the React Router build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
}));
