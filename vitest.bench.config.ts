import { workersConfig } from "./vitest.config";

// Measurements, not pass/fail: `npm run bench:hours:workerd` prints figures from inside workerd (real D1 and R2).
export default workersConfig(["bench/**/*.measure.ts"], 600_000);
