import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: [".next/**", "generated/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  js.configs.recommended,
  { files: ["**/*.mjs", "**/*.js"], languageOptions: { globals: { console: "readonly", process: "readonly" } } },
  ...tseslint.configs.recommended,
  {
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Layering: components and lib never reach into server code or Prisma.
    files: ["components/**", "lib/**", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/server/*", "@/generated/*", "@prisma/*"], message: "UI and shared code must not import server/ or Prisma" }] },
      ],
    },
  },
  {
    // Playwright fixtures are `async ({ dep }, use) => ...`: `use` is not a React hook, and a
    // fixture without dependencies must destructure `{}`.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["app/**/page.tsx", "app/**/layout.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@/generated/*", "@prisma/*"], message: "Only server/ imports Prisma" }] }] },
  },
);
