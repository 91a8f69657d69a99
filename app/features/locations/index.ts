// What other parts of the app use from locations: the picker and its actions, the first-location step and the list.

export { checkSession, locationsQuery } from "./api";
export { FirstLocation } from "./components/first-location";
export { LocationActions, LocationPicker } from "./components/location-picker";
