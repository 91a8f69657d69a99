import { type Account, type Feature, featureDeniedMessage, hasFeature } from "../domain/plans";
import { forbidden } from "./errors";

/** 403 naming the plans that include the feature, unless the account's plan has it. */
export function requireFeature(account: Pick<Account, "plan">, feature: Feature): void {
  if (!hasFeature(account, feature)) throw forbidden(featureDeniedMessage(feature));
}
