import { describe, expect, it } from "vitest";
import { deployProblems, deployWarnings, REQUIRED_SECRETS } from "../../scripts/lib/deploy-checks.ts";

// `npm run deploy` refuses a deploy that would fail open; these are its rules.

const ready = {
  vars: { ENVIRONMENT: "production", APP_URL: "https://clocked.co.uk" },
  databaseIds: ["6f1c2a0e-3b1d-4c55-9a51-0b8c1f4e2d7a"],
  secretNames: Object.keys(REQUIRED_SECRETS),
};

describe("the deploy preflight", () => {
  it("passes a production configuration with every secret set", () => {
    expect(deployProblems(ready)).toEqual([]);
  });

  it("refuses development mode, or no mode at all", () => {
    for (const ENVIRONMENT of ["development", undefined]) {
      const problems = deployProblems({ ...ready, vars: { ...ready.vars, ENVIRONMENT } });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/must say "production"/);
    }
  });

  it("names each missing secret and the command that sets it", () => {
    const problems = deployProblems({ ...ready, secretNames: ["APP_SECRET", "EMAIL_API_KEY"] });
    const missing = Object.keys(REQUIRED_SECRETS).filter((n) => n !== "APP_SECRET" && n !== "EMAIL_API_KEY");
    expect(problems).toHaveLength(missing.length);
    for (const name of missing) {
      expect(
        problems.some((p) => p.includes(`Secret ${name} is not set`) && p.includes(`secret put ${name}`)),
      ).toBe(true);
    }
  });

  it("refuses a secret written into wrangler.toml as a plain var", () => {
    const problems = deployProblems({ ...ready, vars: { ...ready.vars, APP_SECRET: "in-the-repo" } });
    expect(problems).toEqual([expect.stringMatching(/APP_SECRET is a plain var/)]);
  });

  it("lets a deploy without the super admin's second factor through, with a note", () => {
    expect(deployWarnings(ready.secretNames)).toEqual([
      expect.stringMatching(/^SUPER_ADMIN_TOTP_SECRET is not set/),
    ]);
    expect(deployWarnings([...ready.secretNames, "SUPER_ADMIN_TOTP_SECRET"])).toEqual([]);
  });

  it("refuses the placeholder database id", () => {
    const problems = deployProblems({ ...ready, databaseIds: ["00000000-0000-0000-0000-000000000000"] });
    expect(problems).toEqual([expect.stringMatching(/database_id is the placeholder/)]);
  });
});
