import { defineConfig } from "drizzle-kit";

// `npm run db:generate -- --name <what_changed>` writes the next migrations/NNNN_<name>.sql.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
