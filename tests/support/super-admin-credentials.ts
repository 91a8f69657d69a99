/** The super admin the workerd suite configures (vitest.config.ts bindings), as `npm run dev` does locally. */
export const TEST_SUPER_ADMIN = { username: "admin", password: "Admin!2026" };
