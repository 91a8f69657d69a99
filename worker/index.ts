import { app } from "./app";

export { LocationHub } from "./durable/location-hub";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
