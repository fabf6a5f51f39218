import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Every `export const <name>Api` object of lib/api/ (read from the files, so a new one is covered
 * the day it is written), and the one-off calls beside them that screens must reach through hooks.
 */
const API_OBJECTS = readdirSync(path.join(import.meta.dirname, "lib/api"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => [
    `@/lib/api/${file.slice(0, -3)}`,
    [
      ...readFileSync(path.join(import.meta.dirname, "lib/api", file), "utf8").matchAll(/^export const (\w+Api)\b/gm),
    ].map((m) => m[1]),
  ])
  .filter(([, names]) => names.length > 0);
const API_CALLS = { "@/lib/api/tickets-io": ["importTicketsCsv"], "@/lib/api/stubs": ["printStubsPdf"] };
const API_GUARD = API_OBJECTS.map(([name, names]) => [name, [...names, ...(API_CALLS[name] ?? [])]]).concat(
  Object.entries(API_CALLS).filter(([name]) => !API_OBJECTS.some(([n]) => n === name)),
);

const SERVER_IMPORTS = {
  group: ["@/server/*", "@/generated/*", "@prisma/*"],
  message: "UI and shared code must not import server/ or Prisma",
};

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "generated/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
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
      "no-restricted-imports": ["error", { patterns: [SERVER_IMPORTS] }],
      // Forms get typed values from string-input schemas (lib/schemas/form.ts), never from a cast.
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
          message: "No `as unknown as` casts: type the schema instead",
        },
      ],
    },
  },
  {
    // Screens read and write server state only through the hooks of lib/queries/ (one per read
    // and per write, with its invalidations); lib/api's calls are theirs. File downloads, which
    // are not cached state, are the exception: they stream to disk from the click's handler.
    files: ["components/**", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [SERVER_IMPORTS],
          paths: [
            ...API_GUARD.map(([name, importNames]) => ({
              name,
              importNames,
              message: "Use the hook in lib/queries/ (or add one there)",
            })),
            // Links prefetch on a person's intent, not on sight (docs/decisions/291).
            { name: "next/link", message: "Use Link from @/components/ui/link" },
          ],
        },
      ],
    },
  },
  {
    // The app layer only routes (docs/architecture.md): no SQL and no database client under app/;
    // the data comes from server/.
    files: ["app/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
          message: "No `as unknown as` casts: type the schema instead",
        },
        {
          selector: "CallExpression[callee.name='db']",
          message: "The app layer only routes: call a service in server/ (no db() under app/)",
        },
        {
          selector:
            "MemberExpression[property.name=/^\\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|transaction)$/]",
          message: "The app layer only routes: SQL lives in server/",
        },
      ],
    },
  },
  {
    // Prettier's width, held for what it cannot break (strings, templates, comments): docs/decisions/275.
    // A long regular expression is built from parts (lib/any-of.ts for alternations).
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs", "**/*.js"],
    rules: { "max-len": ["error", { code: 120, tabWidth: 2, ignoreUrls: true }] },
  },
  {
    // Playwright fixtures are `async ({ dep }, use) => ...`: `use` is not a React hook, and a
    // fixture without dependencies must destructure `{}`.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["app/**/page.tsx", "app/**/layout.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/generated/*", "@prisma/*"], message: "Only server/ imports Prisma" }] },
      ],
    },
  },
);
